import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/client';
import { customerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema';
import { createTestDatabase } from '../../test/test-app';
import {
  findUnbalancedTransactions,
  getAccountBalances,
  getLedgerAccountBalance,
  LEDGER_ACCOUNTS,
  LedgerError,
  listAccountTransactions,
  postTransaction,
  receivableAccount,
  setTransactionStatus,
} from './ledger';
import { assertLedgerBalanced } from './testing';

const AT = new Date('2026-03-02T09:00:00.000Z');

describe('ledger', () => {
  let handle: DatabaseHandle;
  let db: Db;

  async function createAccount(accountId: string) {
    await db.insert(customerAccounts).values({
      accountId,
      accountCode: `BMW-FLX-${accountId}`,
      ownerUserId: 'customer-1',
      proposalCode: `prp_${accountId}`,
      paymentDay: 2,
      createdAt: AT,
    });
  }

  const invoice = (accountId: string, key: string, net = 1000, tax = 120) => ({
    accountId,
    type: 'INVOICE' as const,
    idempotencyKey: key,
    description: 'First instalment',
    postings: [
      { ledgerAccount: receivableAccount(accountId), amountPence: net + tax },
      { ledgerAccount: LEDGER_ACCOUNTS.premium, amountPence: -net },
      { ledgerAccount: LEDGER_ACCOUNTS.iptPayable, amountPence: -tax },
    ],
    at: AT,
  });

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    await createAccount('acc_a');
    await createAccount('acc_b');
  });
  afterAll(async () => {
    await assertLedgerBalanced(db);
    await handle.close();
  });

  it('refuses postings that do not sum to zero, and records nothing', async () => {
    const bad = invoice('acc_a', 'bad-1');
    bad.postings[2] = { ledgerAccount: LEDGER_ACCOUNTS.iptPayable, amountPence: -119 };
    await expect(postTransaction(db, bad)).rejects.toThrow('Postings must sum to zero, not 1');
    await expect(
      postTransaction(db, { ...invoice('acc_a', 'bad-2'), postings: [] }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      postTransaction(db, {
        ...invoice('acc_a', 'bad-3'),
        postings: [
          { ledgerAccount: 'premium', amountPence: 0.5 },
          { ledgerAccount: 'ipt_payable', amountPence: -0.5 },
        ],
      }),
    ).rejects.toThrow('whole, non-zero pence');
    const rows = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.accountId, 'acc_a'));
    expect(rows).toEqual([]);
  });

  it('posts an invoice and derives the balances from the postings', async () => {
    const { transaction, created } = await postTransaction(db, invoice('acc_a', 'inv-a'));
    expect(created).toBe(true);
    expect(transaction).toMatchObject({ type: 'INVOICE', group: 'INVOICE', status: 'POSTED' });
    const balances = await getAccountBalances(db, ['acc_a', 'acc_b']);
    const none = { pendingPaymentAmount: 0, pendingRefundAmount: 0 };
    expect(balances.get('acc_a')).toEqual({
      accountBalance: 1120,
      outstandingAmount: 1120,
      ...none,
    });
    expect(balances.get('acc_b')).toEqual({ accountBalance: 0, outstandingAmount: 0, ...none });
  });

  it('is idempotent on the key: a retry answers the first transaction and posts nothing', async () => {
    const first = await postTransaction(db, invoice('acc_b', 'inv-b'));
    const retries = await Promise.all(
      Array.from({ length: 5 }, () => postTransaction(db, invoice('acc_b', 'inv-b'))),
    );
    expect(retries.every((retry) => !retry.created)).toBe(true);
    expect(new Set(retries.map((retry) => retry.transaction.id))).toEqual(
      new Set([first.transaction.id]),
    );
    const postings = await db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.transactionId, first.transaction.id));
    expect(postings).toHaveLength(3);
    expect((await getAccountBalances(db, ['acc_b'])).get('acc_b')?.accountBalance).toBe(1120);
  });

  it('refuses a key reused for another account', async () => {
    await expect(postTransaction(db, invoice('acc_a', 'inv-b'))).rejects.toThrow(
      'used by another entry',
    );
  });

  it('takes a pending payment, settles it once, and goes into credit on overpayment', async () => {
    const payment = (key: string, amountPence: number) => ({
      accountId: 'acc_a',
      type: 'PAYMENT' as const,
      subType: 'STRIPE',
      status: 'PENDING' as const,
      idempotencyKey: key,
      description: 'Card payment',
      postings: [
        { ledgerAccount: LEDGER_ACCOUNTS.cardClearing, amountPence },
        { ledgerAccount: receivableAccount('acc_a'), amountPence: -amountPence },
      ],
      at: AT,
    });
    const { transaction } = await postTransaction(db, payment('pay-1', 1120));
    expect(transaction.group).toBe('PAYMENT');
    expect(await setTransactionStatus(db, { idempotencyKey: 'pay-1', status: 'POSTED' })).toBe(
      true,
    );
    expect(await setTransactionStatus(db, { idempotencyKey: 'pay-1', status: 'FAILED' })).toBe(
      false,
    );
    expect((await getAccountBalances(db, ['acc_a'])).get('acc_a')).toEqual({
      accountBalance: 0,
      outstandingAmount: 0,
      pendingPaymentAmount: 0,
      pendingRefundAmount: 0,
    });
    // A payment still with its provider is being collected: not in credit until it settles.
    await postTransaction(db, payment('pay-2', 500));
    expect((await getAccountBalances(db, ['acc_a'])).get('acc_a')).toEqual({
      accountBalance: 0,
      outstandingAmount: 0,
      pendingPaymentAmount: 500,
      pendingRefundAmount: 0,
    });
    expect(await getLedgerAccountBalance(db, LEDGER_ACCOUNTS.cardClearing)).toBe(1620);
    const history = await listAccountTransactions(db, 'acc_a');
    expect(history.map((row) => [row.type, row.status])).toEqual([
      ['INVOICE', 'POSTED'],
      ['PAYMENT', 'POSTED'],
      ['PAYMENT', 'PENDING'],
    ]);
  });

  it('finds a transaction whose postings were tampered with', async () => {
    expect(await findUnbalancedTransactions(db)).toEqual([]);
    const { transaction } = await postTransaction(db, invoice('acc_b', 'tampered'));
    const [posting] = await db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.transactionId, transaction.id));
    await db
      .update(ledgerPostings)
      .set({ amountPence: posting!.amountPence + 1 })
      .where(eq(ledgerPostings.id, posting!.id));
    expect(await findUnbalancedTransactions(db)).toEqual([transaction.id]);
    // Put it back so the suite's own afterAll check holds.
    await db
      .update(ledgerPostings)
      .set({ amountPence: posting!.amountPence })
      .where(eq(ledgerPostings.id, posting!.id));
  });
});
