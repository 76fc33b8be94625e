import { aliasedTable, and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { AuditEntry, NotTakenUpReason } from '@motor/contract';
import type { Db } from '../../db/client';
import { findMidStatuses } from '../mid';
import { auditLog, customerSearch } from './tables';
import { users } from '../identity/tables';
import { collections, paymentSessions } from '../payment/tables';
import { policies, policyEvents } from '../policy/tables';
import { proposals } from '../proposal/tables';

const MAX_RESULTS = 20;

/**
 * Matching rows read per kind of match (starts with, contains) before they are grouped by
 * customer: enough for 20 customers with several matching values each, and a bound on the work
 * when a short query matches most of the book ("smi" matches 100,000 names).
 */
const MAX_ROWS = 200;

/**
 * pg_trgm's index finds a contains-match (`like '%x%'`) from the query's trigrams; a query of
 * fewer than 3 characters has none, so it would read the whole table. Shorter queries match the
 * start of a value instead, from the btree (decision 024).
 */
const MIN_CONTAINS_LENGTH = 3;

/** Fields whose values are kept without spaces, so the query loses its spaces too. */
const COMPACT_FIELDS = ['registration', 'phone', 'phone-national'];

/** `%`, `_` and `\` typed by staff are searched for as themselves. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

/**
 * The search's statement: up to 20 customers' ids with the fields that matched, prefix matches
 * first. Apart so the bench and a test can EXPLAIN it.
 */
export function customerSearchStatement(db: Db, query: string) {
  const lowered = query.trim().toLowerCase();
  const compact = lowered.replace(/\s+/g, '');
  // `like` with one pattern per form of the query: as typed, and without spaces where spaces do
  // not count (only when that differs, so the index is read once).
  const matching = (pattern: (value: string) => string) =>
    compact === lowered
      ? sql`${customerSearch.value} like ${pattern(lowered)}`
      : sql`(${customerSearch.value} like ${pattern(lowered)} or (${inArray(customerSearch.field, COMPACT_FIELDS)} and ${customerSearch.value} like ${pattern(compact)}))`;
  const startsWith = matching((value) => `${escapeLike(value)}%`);
  const contains = matching((value) =>
    value.length >= MIN_CONTAINS_LENGTH ? `%${escapeLike(value)}%` : `${escapeLike(value)}%`,
  );
  const rowsMatching = (condition: SQL, isPrefix: SQL<boolean>) =>
    db
      .select({
        userId: customerSearch.userId,
        field: customerSearch.field,
        isPrefix: isPrefix.as('is_prefix'),
      })
      .from(customerSearch)
      .innerJoin(users, eq(users.userId, customerSearch.userId))
      .where(and(condition, sql`not (${users.roles} @> '["admin"]'::jsonb)`))
      .limit(MAX_ROWS);
  // Bounded reads: the prefix matches (btree), then the contains matches (trigram index), each
  // stopping at MAX_ROWS, so no query groups or sorts the whole book.
  const prefixRows = rowsMatching(startsWith, sql<boolean>`true`);
  const candidates = (
    lowered.length >= MIN_CONTAINS_LENGTH
      ? unionAll(prefixRows, rowsMatching(contains, sql<boolean>`${startsWith}`))
      : prefixRows
  ).as('candidates');
  const isPrefix = sql<boolean>`bool_or(${candidates.isPrefix})`;
  return db
    .select({
      userId: candidates.userId,
      fields: sql<string[]>`array_agg(distinct ${candidates.field})`,
      isPrefix,
    })
    .from(candidates)
    .groupBy(candidates.userId)
    .orderBy(desc(isPrefix))
    .limit(MAX_RESULTS);
}

/**
 * Customers (signed-in users who are not staff) with a value containing `query` (3 characters or
 * more) or starting with it (1 or 2), case-insensitive; spaces are ignored too for registrations
 * and phone numbers. Prefix matches come first.
 */
export async function searchCustomers(db: Db, query: string) {
  const hits = await customerSearchStatement(db, query);
  if (hits.length === 0) return [];
  const ids = hits.map((hit) => hit.userId);
  const people = await db.select().from(users).where(inArray(users.userId, ids));
  const numbers = await db
    .select({ userId: policies.ownerUserId, policyNumber: policies.policyNumber })
    .from(policies)
    .where(inArray(policies.ownerUserId, ids))
    .orderBy(policies.createdAt);
  return hits.flatMap((hit) => {
    const person = people.find((row) => row.userId === hit.userId);
    if (!person) return [];
    return [
      {
        userId: person.userId,
        name: fullName(person.firstName, person.lastName),
        email: person.email,
        phone: person.phone,
        policyNumbers: numbers
          .filter((row) => row.userId === hit.userId)
          .map((row) => row.policyNumber),
        matchedFields: [...hit.fields].sort(),
      },
    ];
  });
}

const actor = aliasedTable(users, 'actor');
const subject = aliasedTable(users, 'subject');

/**
 * Audit rows of what staff did, newest first, with who acted and for whom. A customer's own
 * action (a row whose actor is its subject, e.g. their data export) is not staff activity.
 */
export async function listAuditEntries(
  db: Db,
  filter: { subjectUserId?: string; actorUserId?: string; limit: number },
): Promise<AuditEntry[]> {
  const conditions: SQL[] = [
    sql`${auditLog.subjectUserId} is distinct from ${auditLog.actorUserId}`,
  ];
  if (filter.subjectUserId) conditions.push(eq(auditLog.subjectUserId, filter.subjectUserId));
  if (filter.actorUserId) conditions.push(eq(auditLog.actorUserId, filter.actorUserId));
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      target: auditLog.target,
      actorUserId: auditLog.actorUserId,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      actorEmail: actor.email,
      subjectUserId: auditLog.subjectUserId,
      subjectFirstName: subject.firstName,
      subjectLastName: subject.lastName,
      subjectEmail: subject.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.userId, auditLog.actorUserId))
    .leftJoin(subject, eq(subject.userId, auditLog.subjectUserId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    target: row.target,
    actorUserId: row.actorUserId,
    actorName: fullName(row.actorFirstName, row.actorLastName),
    actorEmail: row.actorEmail,
    subjectUserId: row.subjectUserId,
    subjectName: fullName(row.subjectFirstName, row.subjectLastName),
    subjectEmail: row.subjectEmail,
  }));
}

/** A user id, or the id of the user with this e-mail address; null when nobody matches. */
export async function resolveUserId(db: Db, idOrEmail: string): Promise<string | null> {
  const value = idOrEmail.trim();
  const [row] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(value.includes('@') ? eq(users.email, value.toLowerCase()) : eq(users.userId, value))
    .limit(1);
  return row?.userId ?? null;
}

const MAX_NOT_TAKEN_UP = 200;

/**
 * When and why each NTU policy of `where` became NTU, newest first: the move's event, and
 * whether a first collection of its proposal failed (else it never settled, or was never made).
 */
function notTakenUpRows(db: Db, where: SQL | undefined) {
  const failed = sql<boolean>`exists (select 1 from ${collections} where ${collections.proposalCode} = ${policies.proposalCode} and ${collections.status} = 'FAILED')`;
  return db
    .select({
      policyId: policies.policyId,
      policyNumber: policies.policyNumber,
      customerUserId: policies.ownerUserId,
      firstName: users.firstName,
      lastName: users.lastName,
      inceptedAt: policies.inceptedAt,
      at: sql<Date>`max(${policyEvents.at})`.mapWith(policyEvents.at),
      failed,
    })
    .from(policies)
    .innerJoin(
      policyEvents,
      and(eq(policyEvents.policyId, policies.policyId), eq(policyEvents.toStatus, 'NTU')),
    )
    .leftJoin(users, eq(users.userId, policies.ownerUserId))
    .where(and(eq(policies.status, 'NTU'), where))
    .groupBy(policies.policyId, users.userId)
    .orderBy(desc(sql`max(${policyEvents.at})`))
    .limit(MAX_NOT_TAKEN_UP);
}

const notTakenUpOf = (row: { at: Date; failed: boolean }) => ({
  at: row.at.toISOString(),
  reason: (row.failed ? 'FIRST_PAYMENT_FAILED' : 'FIRST_PAYMENT_NOT_SETTLED') as NotTakenUpReason,
});

/** The policies not taken up (issue 30 item 3), newest first: the staff console's list. */
export async function listNotTakenUpPolicies(db: Db) {
  return (await notTakenUpRows(db, undefined)).map((row) => ({
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    customerUserId: row.customerUserId,
    customerName: fullName(row.firstName, row.lastName),
    inceptedAt: row.inceptedAt.toISOString(),
    notTakenUp: notTakenUpOf(row),
  }));
}

/** What the console shows about one customer; null for an unknown user or a staff member. */
export async function findCustomerDetail(db: Db, userId: string) {
  const [person] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  if (!person || person.roles.includes('admin')) return null;
  const [proposalRows, policyRows, paymentRows, audit] = await Promise.all([
    db
      .select()
      .from(proposals)
      .where(eq(proposals.ownerUserId, userId))
      .orderBy(desc(proposals.createdAt))
      .limit(50),
    db
      .select()
      .from(policies)
      .where(eq(policies.ownerUserId, userId))
      .orderBy(desc(policies.createdAt)),
    db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.ownerUserId, userId))
      .orderBy(desc(paymentSessions.createdAt))
      .limit(50),
    listAuditEntries(db, { subjectUserId: userId, limit: 20 }),
  ]);
  const mid = await findMidStatuses(
    db,
    policyRows.map((row) => row.policyId),
  );
  const ntu = new Map(
    (await notTakenUpRows(db, eq(policies.ownerUserId, userId))).map((row) => [
      row.policyId,
      notTakenUpOf(row),
    ]),
  );
  return {
    userId: person.userId,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    createdAt: person.createdAt.toISOString(),
    isDisabled: person.disabledAt !== null,
    proposals: proposalRows.map((row) => ({
      externalReference: row.externalReference,
      schemeCode: row.schemeCode,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    policies: policyRows.map((row) => ({
      policyId: row.policyId,
      policyNumber: row.policyNumber,
      schemeCode: row.schemeCode,
      status: row.status,
      inceptedAt: row.inceptedAt.toISOString(),
      expiredAt: row.expiredAt.toISOString(),
      notTakenUp: ntu.get(row.policyId) ?? null,
      mid: mid.get(row.policyId) ?? null,
    })),
    payments: paymentRows.map((row) => ({
      kind: row.kind,
      amountPence: row.amountPence,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    audit,
  };
}
