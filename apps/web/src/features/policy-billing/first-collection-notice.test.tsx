import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { CustomerAccountResponse } from '@motor/contract';
import { FirstCollectionNotice } from './first-collection-notice';

// The billing tab's line about the first Direct Debit, taken at purchase (issue 30 item 1).
const account = {
  accountId: 'acc_1',
  accountCode: 'BMW-FLX-000123',
  proposalCode: 'P-1',
  policyId: 'pol_1',
  paymentDay: 5,
  paymentMethodType: 'BACS_DEBIT',
  accountStatus: 'ACTIVE',
  accountBalance: 0,
  outstandingAmount: 0,
  pendingPaymentAmount: 8499,
  pendingRefundAmount: 0,
} as CustomerAccountResponse;

describe('first collection notice', () => {
  it('says how much the first Direct Debit is and the day it is taken', () => {
    render(
      <FirstCollectionNotice
        account={{ ...account, firstCollection: { amountPence: 8499, chargeDate: '2026-03-10' } }}
      />,
    );
    expect(
      screen.getByText(
        'Your first payment of £84.99 will be taken from your bank account by Direct Debit on 10 March 2026. You do not need to pay it another way.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing once it has settled or failed', () => {
    const { container } = render(
      <FirstCollectionNotice account={{ ...account, firstCollection: null }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
