import { and, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { collections } from './tables';
import * as repository from './repository';
import type { PaymentMethodRow } from './repository';

// A card-paying account's monthly collection (issue 16 item 3): an off-session charge of the
// saved card, recorded as a collection like a direct debit's, so the same outcome run posts it.

/**
 * Charges the owner's saved card without them present. `reference` is ours: the provider answers
 * a retried reference with the same charge. A card that needs its holder is declined (FAILED).
 */
export async function chargeSavedCard(
  deps: ServiceDeps,
  options: {
    /** The owner's saved card (the caller has just found it, to know the account can pay). */
    card: PaymentMethodRow;
    amountPence: number;
    description: string;
    reference: string;
    /** The proposal whose first payment this is (null for a later month's). */
    proposalCode?: string | null;
  },
): Promise<repository.CollectionRow> {
  if (!Number.isSafeInteger(options.amountPence) || options.amountPence <= 0) {
    throw new RangeError(`A charge must be whole, positive pence: ${options.amountPence}`);
  }
  const now = deps.clock.now();
  const { card } = options;
  const result = await deps.providers.cardPayments.chargeSavedCard({
    reference: options.reference,
    customerReference: card.ownerUserId,
    card,
    amountPence: options.amountPence,
    description: options.description,
  });
  const declined = result.status === 'DECLINED';
  return repository.recordCollectionStatus(deps.db, {
    // A charge refused before the provider made one has no id of its own: our reference stands in.
    providerPaymentId: result.providerPaymentId ?? options.reference,
    provider: 'CARD',
    ownerUserId: card.ownerUserId,
    proposalCode: options.proposalCode ?? null,
    amountPence: options.amountPence,
    status: declined ? 'FAILED' : 'SETTLED',
    failureReason: declined ? result.message : null,
    cardLast4: card.cardLast4,
    at: now,
  });
}

/** Collections by provider payment id (all of them when no ids are given). */
export async function listCollections(
  db: Db,
  providerPaymentIds?: readonly string[],
): Promise<repository.CollectionRow[]> {
  if (providerPaymentIds?.length === 0) return [];
  return db
    .select()
    .from(collections)
    .where(
      providerPaymentIds
        ? inArray(collections.providerPaymentId, [...providerPaymentIds])
        : undefined,
    );
}

/**
 * Collections by provider and status, those taken at purchase (a quote's first payment: how
 * policies are bought) apart from later ones, for the operator's metrics (flows/metrics).
 */
export async function countCollectionsByStatus(
  db: Db,
): Promise<{ provider: string; status: string; atPurchase: boolean; count: number }[]> {
  const atPurchase = sql<boolean>`${isNotNull(collections.proposalCode)}`;
  return db
    .select({
      provider: collections.provider,
      status: collections.status,
      atPurchase,
      count: count(),
    })
    .from(collections)
    .groupBy(collections.provider, collections.status, atPurchase);
}

type MoneyCount = { count: number; amountPence: number };

/**
 * A London day's collections by method: those due that day (a Direct Debit charged on it, a card
 * payment asked for on it) and those that failed on it, for the finance views (flows/finance).
 */
export async function summariseCollectionsOn(
  db: Db,
  day: { date: string; start: Date; end: Date },
): Promise<{ method: 'CARD' | 'DIRECT_DEBIT'; due: MoneyCount; failed: MoneyCount }[]> {
  const within = (column: typeof collections.createdAt) =>
    and(gte(column, day.start), lt(column, day.end));
  const due = or(
    eq(collections.chargeDate, day.date),
    and(isNull(collections.chargeDate), within(collections.createdAt)),
  );
  const failed = and(eq(collections.status, 'FAILED'), within(collections.updatedAt));
  const rows = await db
    .select({
      method: collections.provider,
      dueCount: sql<number>`count(*) filter (where ${due})`.mapWith(Number),
      dueAmount: sql<string>`coalesce(sum(${collections.amountPence}) filter (where ${due}), 0)`,
      failedCount: sql<number>`count(*) filter (where ${failed})`.mapWith(Number),
      failedAmount: sql<string>`coalesce(sum(${collections.amountPence}) filter (where ${failed}), 0)`,
    })
    .from(collections)
    .where(or(due, failed))
    .groupBy(collections.provider);
  return (['CARD', 'DIRECT_DEBIT'] as const).map((method) => {
    const row = rows.find((candidate) => candidate.method === method);
    return {
      method,
      due: { count: row?.dueCount ?? 0, amountPence: Number(row?.dueAmount ?? 0) },
      failed: { count: row?.failedCount ?? 0, amountPence: Number(row?.failedAmount ?? 0) },
    };
  });
}
