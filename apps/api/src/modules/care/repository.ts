import { and, desc, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { AuditEntry, NotTakenUpReason } from '@motor/contract';
import type { Db } from '../../db/client';
import { listAuditRows } from '../audit';
import { findUserById, listStaffUsers, listUserContacts } from '../identity';
import { findMidStatuses } from '../mid';
import { listPaymentSessionsOfOwner, listProposalsWithCollections } from '../payment';
import {
  listAllPoliciesOfOwner,
  listNotTakenUpPolicies as listNtuPolicies,
  listPolicyNumbersOfOwners,
} from '../policy';
import { listAllProposalsOfOwner } from '../proposal';
import { customerSearch } from './tables';

// The staff console's reads: care asks each owner (decision 050) and puts the answers together.

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
 * first. Apart so the bench and a test can EXPLAIN it. Staff are few, so they are left out by
 * id rather than by joining users for every matching row.
 */
export function customerSearchStatement(
  db: Db,
  query: string,
  staffUserIds: readonly string[] = [],
) {
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
  const notStaff =
    staffUserIds.length > 0 ? notInArray(customerSearch.userId, [...staffUserIds]) : undefined;
  const rowsMatching = (condition: SQL, isPrefix: SQL<boolean>) =>
    db
      .select({
        userId: customerSearch.userId,
        field: customerSearch.field,
        isPrefix: isPrefix.as('is_prefix'),
      })
      .from(customerSearch)
      .where(and(condition, notStaff))
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
  const staff = await listStaffUsers(db);
  const hits = await customerSearchStatement(
    db,
    query,
    staff.map((user) => user.userId),
  );
  if (hits.length === 0) return [];
  const ids = hits.map((hit) => hit.userId);
  const people = await listUserContacts(db, ids);
  const numbers = await listPolicyNumbersOfOwners(db, ids);
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
          .filter((row) => row.ownerUserId === hit.userId)
          .map((row) => row.policyNumber),
        matchedFields: [...hit.fields].sort(),
      },
    ];
  });
}

/** The names of these users, by id (an id nobody holds, e.g. `system:…`, has none). */
async function peopleOf(db: Db, userIds: readonly (string | null)[]) {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  const people = ids.length > 0 ? await listUserContacts(db, ids) : [];
  return new Map(people.map((person) => [person.userId, person]));
}

/**
 * Audit rows of what staff did, newest first, with who acted and for whom. A customer's own
 * action (a row whose actor is its subject, e.g. their data export) is not staff activity.
 */
export async function listAuditEntries(
  db: Db,
  filter: { subjectUserId?: string; actorUserId?: string; limit: number },
): Promise<AuditEntry[]> {
  const rows = await listAuditRows(db, filter);
  const people = await peopleOf(
    db,
    rows.flatMap((row) => [row.actorUserId, row.subjectUserId]),
  );
  return rows.map((row) => {
    const actor = people.get(row.actorUserId);
    const subject = row.subjectUserId ? people.get(row.subjectUserId) : undefined;
    return {
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      target: row.target,
      actorUserId: row.actorUserId,
      actorName: actor ? fullName(actor.firstName, actor.lastName) : null,
      actorEmail: actor?.email ?? null,
      subjectUserId: row.subjectUserId,
      subjectName: subject ? fullName(subject.firstName, subject.lastName) : null,
      subjectEmail: subject?.email ?? null,
    };
  });
}

/**
 * The NTU policies (of one owner, when given), newest first, with when and why each became NTU:
 * a first collection of its proposal failed, else it never settled (or was never made).
 */
async function notTakenUpRows(db: Db, filter: { ownerUserId?: string } = {}) {
  const rows = await listNtuPolicies(db, filter);
  const failed = await listProposalsWithCollections(
    db,
    rows.map((row) => row.proposalCode),
    { status: 'FAILED' },
  );
  return rows.map((row) => ({
    ...row,
    notTakenUp: {
      at: row.notTakenUpAt.toISOString(),
      reason: (failed.has(row.proposalCode)
        ? 'FIRST_PAYMENT_FAILED'
        : 'FIRST_PAYMENT_NOT_SETTLED') as NotTakenUpReason,
    },
  }));
}

/** The policies not taken up (issue 30 item 3), newest first: the staff console's list. */
export async function listNotTakenUpPolicies(db: Db) {
  const rows = await notTakenUpRows(db);
  const people = await peopleOf(
    db,
    rows.map((row) => row.ownerUserId),
  );
  return rows.map((row) => {
    const person = people.get(row.ownerUserId);
    return {
      policyId: row.policyId,
      policyNumber: row.policyNumber,
      customerUserId: row.ownerUserId,
      customerName: person ? fullName(person.firstName, person.lastName) : null,
      inceptedAt: row.inceptedAt.toISOString(),
      notTakenUp: row.notTakenUp,
    };
  });
}

/** What the console shows about one customer; null for an unknown user or a staff member. */
export async function findCustomerDetail(db: Db, userId: string) {
  const person = await findUserById(db, userId);
  if (!person || person.roles.includes('admin')) return null;
  // The owners' lists come oldest first: the console shows the newest first.
  const [proposalRows, policyRows, paymentRows, audit, ntuRows] = await Promise.all([
    listAllProposalsOfOwner(db, userId).then((rows) => rows.reverse().slice(0, 50)),
    listAllPoliciesOfOwner(db, userId).then((rows) => rows.reverse()),
    listPaymentSessionsOfOwner(db, userId, 50),
    listAuditEntries(db, { subjectUserId: userId, limit: 20 }),
    notTakenUpRows(db, { ownerUserId: userId }),
  ]);
  const mid = await findMidStatuses(
    db,
    policyRows.map((row) => row.policyId),
  );
  const ntu = new Map(ntuRows.map((row) => [row.policyId, row.notTakenUp]));
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
