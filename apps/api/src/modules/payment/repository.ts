import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findRow, listNewestRows } from '../../db/rows';
import {
  collections,
  paymentMethods,
  paymentSessions,
  sandboxProviderRecords,
  webhookEvents,
} from './tables';
import type { SandboxStore } from '../../providers/card-payments';

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;

export type NewPaymentSession = typeof paymentSessions.$inferInsert;

export async function insertSession(db: Db, row: NewPaymentSession) {
  await db.insert(paymentSessions).values(row);
}

export async function findSession(db: Db, sessionId: string): Promise<PaymentSessionRow | null> {
  return findRow(db, paymentSessions, eq(paymentSessions.sessionId, sessionId));
}

export async function findSessionByProviderId(
  db: Db,
  options: { adapter: string; providerSessionId: string },
): Promise<PaymentSessionRow | null> {
  return findRow(
    db,
    paymentSessions,
    and(
      eq(paymentSessions.adapter, options.adapter),
      eq(paymentSessions.providerSessionId, options.providerSessionId),
    ),
  );
}

/** Marks a session completed once; answers false when it already was. */
export async function completeSession(
  db: Db,
  options: { sessionId: string; providerPaymentId: string | null; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(paymentSessions)
    .set({
      status: 'COMPLETED',
      providerPaymentId: options.providerPaymentId,
      completedAt: options.at,
    })
    .where(
      and(eq(paymentSessions.sessionId, options.sessionId), eq(paymentSessions.status, 'OPEN')),
    )
    .returning({ sessionId: paymentSessions.sessionId });
  return updated.length === 1;
}

/** Marks a session failed (a bank payment cancelled or refused) once, if still open. */
export async function failSession(
  db: Db,
  options: { sessionId: string; providerPaymentId: string | null; at: Date },
): Promise<void> {
  await db
    .update(paymentSessions)
    .set({
      status: 'FAILED',
      providerPaymentId: options.providerPaymentId,
      completedAt: options.at,
    })
    .where(
      and(eq(paymentSessions.sessionId, options.sessionId), eq(paymentSessions.status, 'OPEN')),
    );
}

/** Inserts a payment method, or answers the one already stored under that provider reference. */
export async function upsertPaymentMethod(
  db: Db,
  row: typeof paymentMethods.$inferInsert,
): Promise<PaymentMethodRow> {
  const [inserted] = await db
    .insert(paymentMethods)
    .values(row)
    .onConflictDoNothing({ target: [paymentMethods.adapter, paymentMethods.providerReference] })
    .returning();
  if (inserted) return inserted;
  const existing = await findRow(db, paymentMethods, isProviderMethod(row));
  return existing!;
}

/** The payment method the provider knows as `providerReference` under `adapter` (one at most). */
export function isProviderMethod(method: { adapter: string; providerReference: string }) {
  return and(
    eq(paymentMethods.adapter, method.adapter),
    eq(paymentMethods.providerReference, method.providerReference),
  );
}

export async function setPaymentMethodStatus(
  db: Db,
  options: {
    adapter: string;
    providerReference: string;
    status: PaymentMethodRow['status'];
    at: Date;
  },
): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ status: options.status, updatedAt: options.at })
    .where(isProviderMethod(options));
}

export async function listPaymentMethods(
  db: Db,
  options: { ownerUserId: string; type: PaymentMethodRow['type'] },
): Promise<PaymentMethodRow[]> {
  const owned = and(
    eq(paymentMethods.ownerUserId, options.ownerUserId),
    eq(paymentMethods.type, options.type),
  );
  return listNewestRows(db, paymentMethods, owned, 'createdAt');
}

/**
 * Records a status of a collection, creating the row if this is the first we hear of it. A status
 * never moves backwards, so events may arrive in any order; answers the row as it now is.
 */
export async function recordCollectionStatus(
  db: Db,
  row: Omit<typeof collections.$inferInsert, 'createdAt' | 'updatedAt'> & { at: Date },
): Promise<CollectionRow> {
  const { at, ...values } = row;
  // PENDING → SUBMITTED → SETTLED | FAILED. A Direct Debit's two final statuses never replace
  // each other. A card payment's failure is one attempt's (Stripe sends payment_failed for a
  // declined card, then succeeded for the same PaymentIntent when another card pays): its success
  // is final and outranks a failure, whichever event arrives first (ledger-under-fire.test.ts).
  const rankOf = (column: SQLWrapper) =>
    values.provider === 'CARD'
      ? sql`case ${column} when 'PENDING' then 0 when 'SUBMITTED' then 1 when 'FAILED' then 2 else 3 end`
      : sql`case ${column} when 'PENDING' then 0 when 'SUBMITTED' then 1 else 2 end`;
  const [saved] = await db
    .insert(collections)
    .values({ ...values, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: collections.providerPaymentId,
      set: {
        status: sql`case when ${rankOf(sql`excluded.status`)} > ${rankOf(collections.status)} then excluded.status else ${collections.status} end`,
        failureReason: sql`coalesce(${collections.failureReason}, excluded.failure_reason)`,
        ownerUserId: sql`coalesce(${collections.ownerUserId}, excluded.owner_user_id)`,
        sessionId: sql`coalesce(${collections.sessionId}, excluded.session_id)`,
        proposalCode: sql`coalesce(${collections.proposalCode}, excluded.proposal_code)`,
        settlesOn: sql`coalesce(excluded.settles_on, ${collections.settlesOn})`,
        chargeDate: sql`coalesce(excluded.charge_date, ${collections.chargeDate})`,
        cardLast4: sql`coalesce(${collections.cardLast4}, excluded.card_last4)`,
        amountPence: sql`greatest(${collections.amountPence}, excluded.amount_pence)`,
        updatedAt: at,
      },
    })
    .returning();
  return saved!;
}

/** Stores an event id; answers 'NEW', 'UNPROCESSED' (seen, not yet processed) or 'DONE'. */
export async function recordWebhookEvent(
  db: Db,
  row: Omit<typeof webhookEvents.$inferInsert, 'processedAt'>,
): Promise<'NEW' | 'UNPROCESSED' | 'DONE'> {
  const inserted = await db
    .insert(webhookEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (inserted.length === 1) return 'NEW';
  const [existing] = await db
    .select({ processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, row.provider), eq(webhookEvents.eventId, row.eventId)));
  return existing?.processedAt ? 'DONE' : 'UNPROCESSED';
}

export async function markWebhookEventProcessed(
  db: Db,
  options: { provider: 'CARD' | 'DIRECT_DEBIT'; eventId: string; at: Date },
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ processedAt: options.at })
    .where(
      and(eq(webhookEvents.provider, options.provider), eq(webhookEvents.eventId, options.eventId)),
    );
}

/** The sandbox providers' records in our database (see providers/card-payments/sandbox-store). */
export function createDatabaseSandboxStore(db: Db, now: () => Date): SandboxStore {
  const putAll: SandboxStore['putAll'] = async (records) => {
    if (records.length === 0) return;
    const updatedAt = now();
    await db
      .insert(sandboxProviderRecords)
      .values(
        records.map(({ kind, id, data }) => ({
          kind,
          id,
          data: data as Record<string, unknown>,
          updatedAt,
        })),
      )
      .onConflictDoUpdate({
        target: [sandboxProviderRecords.kind, sandboxProviderRecords.id],
        set: { data: sql`excluded.data`, updatedAt: sql`excluded.updated_at` },
      });
  };
  return {
    async get<T extends object>(kind: string, id: string) {
      const [row] = await db
        .select({ data: sandboxProviderRecords.data })
        .from(sandboxProviderRecords)
        .where(and(eq(sandboxProviderRecords.kind, kind), eq(sandboxProviderRecords.id, id)));
      return (row?.data as T | undefined) ?? null;
    },
    put: (kind, id, data) => putAll([{ kind, id, data }]),
    putAll,
    async list<T extends object>(kind: string) {
      const rows = await db
        .select({ data: sandboxProviderRecords.data })
        .from(sandboxProviderRecords)
        .where(eq(sandboxProviderRecords.kind, kind));
      return rows.map((row) => row.data as T);
    },
    async remove(kind, id) {
      await db
        .delete(sandboxProviderRecords)
        .where(and(eq(sandboxProviderRecords.kind, kind), eq(sandboxProviderRecords.id, id)));
    },
  };
}
