import { describe, expect, it } from 'vitest';
import { upsellNotice } from './notice';

// The upgrade offer's e-mail: the price when there is one, what to do when not, and consent.

const base = {
  policyNumber: 'BMW-DRV-000042',
  holderName: 'Jane Smith',
  endsAt: new Date('2026-05-09T09:00:00.000Z'),
  schemeName: 'BMW Flex',
  quoteUrl: 'https://motor.example.com/flex/proposal/prp_1/upgrade',
};

describe('upsell notice', () => {
  it('a priced quote: the monthly price, the link, and that nothing is bought unasked', () => {
    expect(upsellNotice({ ...base, monthlyPence: 15745 })).toEqual({
      subject: 'Your BMW Flex quote is ready',
      body: [
        'Dear Jane Smith,',
        '',
        'Your Driveaway cover (policy BMW-DRV-000042) ends on 09 May 2026.',
        'To keep driving insured, we have prepared a BMW Flex quote from the details you gave us for your car and drivers.',
        'It costs £157.45 a month, with the price guaranteed for 12 months.',
        '',
        'See your quote: https://motor.example.com/flex/proposal/prp_1/upgrade',
        '',
        'Nothing is bought unless you choose to: check your details, then buy it online if it suits you.',
      ].join('\n'),
    });
  });

  it('a quote that needs more answers says so instead of a price', () => {
    const { body } = upsellNotice({ ...base, holderName: '', monthlyPence: null });
    expect(body.startsWith('Hello,\n')).toBe(true);
    expect(body).toContain(
      'We need a few more details before we can price it: answer them on the page linked below.',
    );
    expect(body).not.toContain('a month');
  });
});
