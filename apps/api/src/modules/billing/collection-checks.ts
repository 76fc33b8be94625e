import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAccounts } from './tables';
import { lockRow } from '../../db/rows';

type CustomerAccountRow = typeof customerAccounts.$inferSelect;

// When the collection planner looks at an account (customer_accounts.collections_check_at,
// through its partial index): a book of 100,000 accounts must not be read every 15 minutes.
// Whatever can make a collection due asks the planner to look (`lookAtCollectionsNow`): an
// invoice raised or re-planned, a payment method or day set, the account ACTIVE again. The
// planner then says when to look again (the day a Direct Debit may be submitted) or nothing.

/**
 * The marker's "look at once": any instant since the account exists, so that it is due
 * whatever the clock (the injected one of a test or a simulated year too).
 */
export const lookAtCollectionsNow = sql`${customerAccounts.createdAt}`;

/** Accounts the planner is asked to look at by `now`, longest waiting first. */
export function listAccountsToCheckForCollection(
  db: Db,
  options: { now: Date; limit: number },
): Promise<Pick<CustomerAccountRow, 'accountId'>[]> {
  return db
    .select({ accountId: customerAccounts.accountId })
    .from(customerAccounts)
    .where(lte(customerAccounts.collectionsCheckAt, options.now))
    .orderBy(asc(customerAccounts.collectionsCheckAt))
    .limit(options.limit);
}

/**
 * Looks at one account for the planner, in a transaction holding its row (SKIP LOCKED: another
 * planner or the invoicing job has it, and it is looked at again at the next run), only while
 * it is still due; `check` answers when to look again (null: when asked). What re-arms the
 * marker waits for this transaction, so no request to look is lost. False when not looked at.
 */
export function checkAccountForCollection(
  db: Db,
  options: { accountId: string; now: Date },
  check: (tx: Db, account: CustomerAccountRow) => Promise<Date | null>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const account = await lockRow(
      tx,
      customerAccounts,
      and(
        eq(customerAccounts.accountId, options.accountId),
        lte(customerAccounts.collectionsCheckAt, options.now),
      ),
      { skipLocked: true },
    );
    if (!account) return false;
    const next = await check(tx, account);
    await tx
      .update(customerAccounts)
      .set({ collectionsCheckAt: next })
      .where(eq(customerAccounts.accountId, account.accountId));
    return true;
  });
}
