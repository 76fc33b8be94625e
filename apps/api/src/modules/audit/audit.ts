import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from './tables';

// The audit trail: one row per thing done, never updated or deleted. Every module and flow
// records through recordAudit; the staff console (care) reads it through listAuditRows.

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

/** Writes one audit row about a customer as a whole (target `user:{id}`): viewed, exported, ... */
export function recordCustomerAudit(
  db: Db,
  record: { actorUserId: string; userId: string; action: string; at: Date },
): Promise<void> {
  const { userId, ...rest } = record;
  return recordAudit(db, { ...rest, subjectUserId: userId, target: `user:${userId}` });
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

/**
 * Rows of what staff did, newest first. A customer's own action (a row whose actor is its
 * subject, e.g. their data export) is not staff activity. Ids only: care names the people.
 */
export async function listAuditRows(
  db: Db,
  filter: { subjectUserId?: string; actorUserId?: string; limit: number },
) {
  const conditions: SQL[] = [
    sql`${auditLog.subjectUserId} is distinct from ${auditLog.actorUserId}`,
  ];
  if (filter.subjectUserId) conditions.push(eq(auditLog.subjectUserId, filter.subjectUserId));
  if (filter.actorUserId) conditions.push(eq(auditLog.actorUserId, filter.actorUserId));
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      target: auditLog.target,
      actorUserId: auditLog.actorUserId,
      subjectUserId: auditLog.subjectUserId,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit);
}
