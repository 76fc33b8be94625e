import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAccounts, reconciliationFindings, reconciliationRuns } from './tables';

// The reconciliation's record (issue 16 item 3): the findings each run stores and the runs
// themselves. The run (flows/collect-payments/reconcile.ts) decides what it found; billing keeps it.

/** A finding as a run stores it. */
export type ReconciliationFindingInput = typeof reconciliationFindings.$inferInsert;

/**
 * Findings written per statement. A run may find thousands (a provider whose list came back short
 * would make every posted payment LEDGER_ONLY): one statement for them all passed PostgreSQL's
 * 65,535 parameters, and drizzle's query builder ran out of stack near 16,000 rows, so the run
 * failed and was retried all night without storing anything.
 */
const FINDINGS_PER_STATEMENT = 1_000;

/**
 * Stores a run's findings (one row per kind and payment, a thousand to a statement), marks
 * resolved every open finding this run did not see, and records the run with how many it found:
 * all in one transaction, so a run is stored whole or not at all.
 */
export async function storeReconciliationRun(
  db: Db,
  run: { at: Date; findings: ReconciliationFindingInput[]; found: number },
): Promise<void> {
  const now = run.at;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db.transaction(async (tx) => {
    for (let start = 0; start < run.findings.length; start += FINDINGS_PER_STATEMENT) {
      await tx
        .insert(reconciliationFindings)
        .values(run.findings.slice(start, start + FINDINGS_PER_STATEMENT))
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
    await tx
      .update(reconciliationFindings)
      .set({ resolvedAt: now })
      .where(
        and(isNull(reconciliationFindings.resolvedAt), lt(reconciliationFindings.seenAt, now)),
      );
    await tx.insert(reconciliationRuns).values({ ranAt: now, findings: run.found });
  });
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
