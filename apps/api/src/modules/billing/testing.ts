// Test helpers: assertLedgerBalanced in the afterAll of every suite that moves money, before
// closing the app; expectStatementsAddUp on an account's statements as the API answers them.
import { expect } from 'vitest';
import type { StatementResponse } from '@motor/contract';
import type { Db } from '../../db/client';
import { findUnbalancedTransactions } from './ledger';

/** Fails the suite when any ledger transaction's postings do not sum to zero. */
export async function assertLedgerBalanced(db: Db): Promise<void> {
  expect(await findUnbalancedTransactions(db), 'unbalanced ledger transactions').toEqual([]);
}

const MONEY_TYPES = ['PAYMENT', 'PAYMENT_REVERSAL', 'REFUND', 'REFUND_REVERSAL'];

/**
 * Each statement adds up exactly as displayed (issue 30 item 5): brought forward + subtotal =
 * carried forward, the subtotal the sum of the lines that count (money still with a provider is
 * listed, not counted), the statement balance brought forward + the bill's charges, and each
 * statement brings forward what the one before carried. Statements oldest first.
 */
export function expectStatementsAddUp(statements: readonly StatementResponse[]): void {
  let carried = 0;
  for (const { statementSummary: summary, lineItems } of statements) {
    const number = summary.statementNumber;
    const isMoney = (type: string) => MONEY_TYPES.includes(type);
    const counted = lineItems
      .filter((item) => !(isMoney(item.type) && item.status === 'PENDING'))
      .reduce((sum, item) => sum + item.amount, 0);
    const charges = lineItems
      .filter((item) => !isMoney(item.type))
      .reduce((sum, item) => sum + item.amount, 0);
    expect(summary.broughtForwardBalance, number).toBe(carried);
    expect(summary.subtotalBalance, number).toBe(counted);
    expect(summary.broughtForwardBalance + summary.subtotalBalance, number).toBe(
      summary.carriedForwardBalance,
    );
    expect(summary.statementBalance, number).toBe(summary.broughtForwardBalance + charges);
    carried = summary.carriedForwardBalance;
  }
}
