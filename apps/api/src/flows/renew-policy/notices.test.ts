// The renewal e-mails' exact words (FCA ICOBS 6.5 and 6A.6), filled in by the jobs.
import { describe, expect, it } from 'vitest';
import type { RatedSnapshot } from '../../modules/rating';
import type { StoredQuote } from '../adjust-policy/policy-snapshot';
import { priceChanges, renewalNotice } from './notices';

const factor = (name: string, value: number) => ({ name, value: null, factor: value });

describe('the renewal notice', () => {
  it('puts last and this year side by side, says what changed, the auto-renewal state and the way out', () => {
    const last = {
      promoCode: 'WELCOME',
      ratingTableVersion: 'bmw-2026-01',
      priceFactors: [factor('ncdYears', 0.7), factor('postcodeArea', 1.1)],
    } as unknown as StoredQuote;
    const offer = {
      totalPremium: 98_000,
      ratingTableVersion: 'bmw-2027-01',
      priceFactors: [factor('ncdYears', 0.65), factor('postcodeArea', 1.2)],
    } as unknown as RatedSnapshot;
    const changes = priceChanges({
      last,
      offer,
      lastTotalPence: 90_000,
      cappedFromPence: 101_234,
    });
    const email = renewalNotice({
      policyNumber: 'BMW-FLX-000123',
      holderName: 'Jane Smith',
      renewsAt: new Date('2027-03-12T10:00:00Z'),
      lastYear: { totalPence: 90_000, monthlyPence: 7_500 },
      thisYear: { totalPence: 98_000, monthlyPence: 8_167 },
      changes,
      autoRenewalEnabled: true,
      policyPageUrl: 'https://example.test/flex/policy/pol_1',
    });
    expect(email.subject).toBe('Your renewal: policy BMW-FLX-000123 renews on 12 Mar 2027');
    expect(email.body.split('\n')).toEqual([
      'Dear Jane Smith,',
      '',
      'Your policy BMW-FLX-000123 is due for renewal on 12 Mar 2027.',
      '',
      "Last year's premium: £900.00 for the year (£75.00 a month)",
      "This year's premium: £980.00 for the year (£81.67 a month)",
      '',
      'What changed:',
      '- Your price has gone up by £80.00.',
      '- Last year’s price included a welcome promotion, which does not apply again.',
      '- Our rates for all customers have been updated since your last price.',
      '- The part of the price for no claims discount has lowered it.',
      '- The part of the price for where you live has raised it.',
      '- We lowered your price from £1,012.34 to what a new customer would pay.',
      '',
      'This price is no higher than we would charge a new customer with the same details for the same cover.',
      '',
      "Automatic renewal is ON: your policy renews on 12 Mar 2027 at this year's premium, paid the way you pay now.",
      'You can turn automatic renewal off online at any time on your policy page.',
      '',
      'Your policy page:',
      'https://example.test/flex/policy/pol_1',
    ]);
  });

  it('for a referral, gives last year’s premium and no price', () => {
    const email = renewalNotice({
      policyNumber: 'BMW-FLX-000124',
      holderName: '',
      renewsAt: new Date('2027-07-01T09:00:00Z'),
      lastYear: { totalPence: 50_000, monthlyPence: null },
      thisYear: null,
      changes: [],
      autoRenewalEnabled: true,
      policyPageUrl: 'https://example.test/flex/policy/pol_2',
    });
    expect(email.subject).toBe('Your policy BMW-FLX-000124: we need to review your renewal');
    expect(email.body.split('\n')).toEqual([
      'Dear customer,',
      '',
      'Your policy BMW-FLX-000124 ends on 01 Jul 2027.',
      "Last year's premium: £500.00 for the year.",
      'We need to review your details before we can offer a renewal price, so your policy will not renew automatically.',
      'Please chat with us using Help on your policy page before that date.',
      '',
      'Your policy page:',
      'https://example.test/flex/policy/pol_2',
    ]);
  });
});
