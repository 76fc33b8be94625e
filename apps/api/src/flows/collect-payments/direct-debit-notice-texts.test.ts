// The Direct Debit Guarantee names the advance notice the product gives
// (billing.advanceNoticeWorkingDays, 3 to 14 working days): a product giving 5 says 5 in the
// Guarantee and in the promise of later notices, and the policyholder is greeted by name.
import { describe, expect, it } from 'vitest';
import { composeAdvanceNotice, composeMandateConfirmation } from './direct-debit-notice-texts';

const FIVE_DAY_GUARANTEE = `The Direct Debit Guarantee
- The Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.
- If there are any changes to the amount, date or frequency of your Direct Debit BMW Insurance will notify you 5 working days in advance of your account being debited or as otherwise agreed. If you request BMW Insurance to collect a payment, confirmation of the amount and date will be given to you at the time of the request.
- If an error is made in the payment of your Direct Debit, by BMW Insurance or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society.
- If you receive a refund you are not entitled to, you must pay it back when BMW Insurance asks you to.
- You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.`;

describe('Direct Debit notice texts', () => {
  it('gives a notice period above 3 working days in the Guarantee and the confirmation', () => {
    const { subject, body } = composeMandateConfirmation({
      holderName: 'Jane Smith',
      organisation: 'BMW Insurance',
      workingDays: 5,
      policyNumber: 'BMW-000123',
      accountHolderName: 'Jane Smith',
      sortCode: '202959',
      accountNumberEnding: '72',
      bankName: 'Barclays',
      first: { amountPence: 9_499, chargeDate: '2026-03-12' },
    });
    expect(subject).toBe('Your Direct Debit for policy BMW-000123 is set up');
    expect(body).toBe(
      [
        'Dear Jane Smith,',
        '',
        'Your Direct Debit to BMW Insurance for policy BMW-000123 is set up. Please check these details and tell us at once if any of them is wrong.',
        'Name on the account: Jane Smith',
        'Sort code: 20-29-59',
        'Account number ending: 72',
        'Bank: Barclays',
        '',
        'Your first payment of £94.99 will be collected on 12 Mar 2026.',
        'We will tell you the amount and date of every later payment at least 5 working days before it is collected.',
        '',
        FIVE_DAY_GUARANTEE,
      ].join('\n'),
    );
  });

  it('greets "customer" when the policyholder has no name on record', () => {
    const { body } = composeAdvanceNotice({
      holderName: '',
      policyNumber: 'BMW-000123',
      accountNumberEnding: '72',
      payment: { amountPence: 8_334, chargeDate: '2026-04-07' },
    });
    expect(body.split('\n')[0]).toBe('Dear customer,');
    expect(body).toContain(
      'We will collect £83.34 by Direct Debit from your account ending 72 on 07 Apr 2026, for policy BMW-000123.',
    );
  });
});
