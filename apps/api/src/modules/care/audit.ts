import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from './tables';

// The audit trail staff read (GET /api/admin/audit, listAuditEntries) is written here: one row
// per thing done, never updated or deleted. Every module and flow records through recordAudit.

type AuditRecord = {
  /** The signed-in user who acted (an admin acting for a customer: the admin), or `system:…`. */
  actorUserId: string;
  /** The customer acted upon, when there is one. */
  subjectUserId?: string | null;
  /** A stable verb, e.g. `policy.cancel`, `session.impersonate`. */
  action: string;
  /** What was touched, e.g. `policy:BMW-FLX-000123`. */
  target: string;
  at: Date;
};

/** Writes one audit row, in the caller's transaction when `db` is one. */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values(record);
}

/**
 * When this actor last did `action` about this customer (on `target`, when given), or null: the
 * session's start and stop of acting for a customer are read back this way.
 */
export async function latestAuditAt(
  db: Db,
  query: { actorUserId: string; subjectUserId: string; action: string; target?: string },
): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorUserId, query.actorUserId),
        eq(auditLog.subjectUserId, query.subjectUserId),
        eq(auditLog.action, query.action),
        query.target === undefined ? undefined : eq(auditLog.target, query.target),
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row?.at ?? null;
}
