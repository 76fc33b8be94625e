import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import { MethodPicker } from './components/method-picker';
import { makeProposal } from './test/fixtures';
import {
  getAction,
  getAmountDueNow,
  getCheckoutMethods,
  getLaterInstalment,
  getInitialMethod,
  getOfferedMethods,
  needsPaymentMethod,
} from './rules';

describe('checkout rules', () => {
  it('takes the initial method from ?context= when it is a checkout method, else the first', () => {
    expect(getInitialMethod('DIRECT_DEBIT', ['DUAL'])).toBe('DIRECT_DEBIT');
    expect(getInitialMethod('DUAL', ['CARD'])).toBe('DUAL');
    expect(getInitialMethod('CARD', ['DIRECT_DEBIT', 'CARD'])).toBe('CARD');
    expect(getInitialMethod('PAYPAL', ['DUAL'])).toBe('DUAL');
    expect(getInitialMethod('card', ['DUAL'])).toBe('DUAL');
    expect(getInitialMethod(null, ['DIRECT_DEBIT', 'CARD'])).toBe('DIRECT_DEBIT');
  });

  it('offers the configured methods, or only the one ?context= asked for', () => {
    expect(getOfferedMethods('CARD', ['DIRECT_DEBIT', 'CARD'])).toEqual(['DIRECT_DEBIT', 'CARD']);
    expect(getOfferedMethods('DIRECT_DEBIT', ['DUAL'])).toEqual(['DIRECT_DEBIT']);
  });

  it('offers DUAL and BANK for a monthly schedule and the scheme method otherwise', () => {
    expect(getCheckoutMethods(makeProposal())).toEqual(['DUAL', 'BANK']);
    // No first payment to make (1p or less): nothing for the bank to pay, DUAL only.
    expect(getCheckoutMethods(makeProposal({ discountedPence: 1 }))).toEqual(['DUAL']);
    expect(getCheckoutMethods(makeProposal({ schemeCode: 'bmw-driveaway' }))).toEqual(['CARD']);
  });

  it('starts on BANK from ?context=BANK only where it is offered', () => {
    expect(getInitialMethod('BANK', ['DUAL', 'BANK'])).toBe('BANK');
    expect(getInitialMethod('BANK', ['DUAL'])).toBe('DUAL');
    expect(getInitialMethod('BANK', ['CARD'])).toBe('CARD');
  });

  it.each([
    ['CARD', 1, false, 'PAY'],
    ['CARD', 0, true, 'BIND'],
    // A free quote needs no payment method (spec 1 §4, issue 13 item 10): no card set-up.
    ['CARD', 0, false, 'BIND'],
    ['DIRECT_DEBIT', 2, false, 'PAY'],
    ['DIRECT_DEBIT', 1, false, 'BIND'],
    ['DUAL', 2, false, 'PAY'],
    ['DUAL', 1, false, 'BIND'],
    ['BANK', 2, false, 'PAY'],
  ] as const)('%s at %ip (saved card %s) is %s', (method, pence, saved, action) => {
    expect(getAction(makeProposal({ discountedPence: pence }), method, saved)).toBe(action);
  });

  it('takes the first instalment now, less a promotion spread over the instalments', () => {
    const plain = makeProposal({ discountedPence: 12000 });
    expect(getAmountDueNow(plain)).toBe(1000);
    expect(getLaterInstalment(plain)).toEqual({ count: 11, amountPence: 1000 });
    const promoted = makeProposal({ discountedPence: 12000 });
    promoted.quote.totals.discounted = 6000;
    expect(getAmountDueNow(promoted)).toBe(500);
    expect(getLaterInstalment(promoted)).toEqual({ count: 11, amountPence: 500 });
    const single = makeProposal({ schemeCode: 'bmw-driveaway', discountedPence: 4599 });
    expect(getAmountDueNow(single)).toBe(4599);
    expect(getLaterInstalment(single)).toBeNull();
  });

  it('takes the loyalty discount off from the 7th month only: the first in full, then 5, then 6 less', () => {
    const loyal = makeProposal({ discountedPence: 12000 });
    loyal.quote.promotionMonthlyDiscountPence = 400;
    loyal.quote.promotionFromInstalment = 7;
    loyal.quote.totals.discounted = 12000 - 6 * 400;
    expect(getAmountDueNow(loyal)).toBe(1000);
    expect(getLaterInstalment(loyal)).toEqual({
      count: 5,
      amountPence: 1000,
      then: { fromMonth: 7, count: 6, amountPence: 600 },
    });
    // The welcome promotion's terms: every month, the first included.
    const welcome = makeProposal({ discountedPence: 12000 });
    welcome.quote.promotionMonthlyDiscountPence = 8334;
    welcome.quote.totals.discounted = 0;
    expect(getAmountDueNow(welcome)).toBe(0);
    expect(getLaterInstalment(welcome)).toEqual({ count: 11, amountPence: 0 });
  });

  it('needs a payment method above 0.001 pounds only (driveaway binds without)', () => {
    expect(needsPaymentMethod(makeProposal({ discountedPence: 0 }))).toBe(false);
    expect(needsPaymentMethod(makeProposal({ discountedPence: 1 }))).toBe(true);
  });

  it('shows a radio picker only when more than one method is offered', () => {
    const { rerender } = render(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(MethodPicker, {
          methods: ['CARD', 'DIRECT_DEBIT'],
          value: 'DIRECT_DEBIT',
          onChange: () => undefined,
        }),
      ),
    );
    expect(screen.getByRole('radio', { name: 'Direct Debit' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card' })).not.toBeChecked();
    rerender(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(MethodPicker, {
          methods: ['DUAL'],
          value: 'DUAL',
          onChange: () => undefined,
        }),
      ),
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('Direct Debit and card')).toBeInTheDocument();
  });
});
