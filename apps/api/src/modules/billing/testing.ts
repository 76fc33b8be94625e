// Test helper: call in the afterAll of every suite that moves money, before closing the app.
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { findUnbalancedTransactions } from './ledger';

/** Fails the suite when any ledger transaction's postings do not sum to zero. */
export async function assertLedgerBalanced(db: Db): Promise<void> {
  expect(await findUnbalancedTransactions(db), 'unbalanced ledger transactions').toEqual([]);
}
