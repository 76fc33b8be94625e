// Test helpers: assertLedgerBalanced in the afterAll of every suite that moves money, before
// closing the app; expectStatementsAddUp on an account's statements as the API answers them; the
// ledger's raw parts for fault tests that post or read postings themselves (outside tests, only
// billing builds postings).
import { expect } from 'vitest';
import type { StatementResponse } from '@motor/contract';
import type { Db } from '../../db/client';
import { findUnbalancedTransactions } from './ledger';

export { LEDGER_ACCOUNTS, postTransaction, receivableAccount } from './ledger';
export { providerPaymentKey } from './provider-payments';
import { findStatementErrors } from './statement-check';

/** Fails the suite when any ledger transaction's postings do not sum to zero. */
export async function assertLedgerBalanced(db: Db): Promise<void> {
  expect(await findUnbalancedTransactions(db), 'unbalanced ledger transactions').toEqual([]);
}

/** Each statement adds up exactly as displayed (statement-check.ts). Statements oldest first. */
export function expectStatementsAddUp(statements: readonly StatementResponse[]): void {
  expect(findStatementErrors(statements)).toEqual([]);
}
