import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAccounts, reconciliationFindings, reconciliationRuns } from './tables';

// The reconciliation's record (issue 16 item 3): the findings each run stores and the runs
// themselves. The run (flows/collect-payments/reconcile.ts) decides what it found; billing keeps it.

/** A finding as a run stores it. */
export type ReconciliationFindingInput = typeof reconciliationFindings.$inferInsert;

/**
 * Stores a run's findings (one row per kind and payment, in one statement), marks resolved every
 * open finding this run did not see, and records the run with how many it found.
 */
export async function storeReconciliationRun(
  db: Db,
  run: { at: Date; findings: ReconciliationFindingInput[]; found: number },
): Promise<void> {
  const now = run.at;
  if (run.findings.length > 0) {
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    await db
      .insert(reconciliationFindings)
      .values(run.findings)
      .onConflictDoUpdate({
        target: [reconciliationFindings.kind, reconciliationFindings.providerPaymentId],
        set: {
          provider: excluded(reconciliationFindings.provider.name),
          accountId: excluded(reconciliationFindings.accountId.name),
          policyId: excluded(reconciliationFindings.policyId.name),
          providerAmountPence: excluded(reconciliationFindings.providerAmountPence.name),
          ledgerAmountPence: excluded(reconciliationFindings.ledgerAmountPence.name),
          seenAt: now,
          resolvedAt: null,
        },
      });
  }
  await db
    .update(reconciliationFindings)
    .set({ resolvedAt: now })
    .where(and(isNull(reconciliationFindings.resolvedAt), lt(reconciliationFindings.seenAt, now)));
  await db.insert(reconciliationRuns).values({ ranAt: now, findings: run.found });
}

/**
 * The findings not resolved yet, oldest first (for staff), with the account's code (the policy
 * number) and whose it is (for the link to the customer).
 */
export async function listOpenReconciliationFindings(db: Db) {
  return db
    .select({
      finding: reconciliationFindings,
      accountCode: customerAccounts.accountCode,
      customerUserId: customerAccounts.ownerUserId,
    })
    .from(reconciliationFindings)
    .leftJoin(customerAccounts, eq(customerAccounts.accountId, reconciliationFindings.accountId))
    .where(isNull(reconciliationFindings.resolvedAt))
    .orderBy(reconciliationFindings.foundAt, sql`${reconciliationFindings.kind}`)
    .then((rows) => rows.map(({ finding, ...names }) => ({ ...finding, ...names })));
}

/** When the last reconciliation ran, or null before the first. */
export async function lastReconciliationRun(db: Db): Promise<Date | null> {
  const [run] = await db
    .select({ ranAt: reconciliationRuns.ranAt })
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.ranAt))
    .limit(1);
  return run?.ranAt ?? null;
}
