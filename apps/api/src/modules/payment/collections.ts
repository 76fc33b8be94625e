import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { collections } from './tables';
import { listPolicyStates } from '../policy';
import * as repository from './repository';
import type { PaymentMethodRow } from './repository';

/**
 * Asks the direct-debit provider for money under the owner's active mandate (the caller has just
 * found it, to know the account can pay this way) and records the collection (PENDING); its later
 * statuses arrive by webhook. `reference` is ours (an invoice or bind id): the same reference
 * never collects twice.
 */
export async function createDirectDebitCollection(
  deps: ServiceDeps,
  options: {
    mandate: Pick<PaymentMethodRow, 'ownerUserId' | 'providerReference'>;
    proposalCode: string | null;
    amountPence: number;
    description: string;
    reference: string;
    /** The London day to collect on (a monthly collection: the payment day). */
    chargeDate?: string;
  },
): Promise<repository.CollectionRow> {
  if (!Number.isSafeInteger(options.amountPence) || options.amountPence <= 0) {
    throw new RangeError(`A collection must be whole, positive pence: ${options.amountPence}`);
  }
  const { mandate } = options;
  const now = deps.clock.now();
  const collection = await deps.providers.directDebit.createCollection({
    reference: options.reference,
    mandateId: mandate.providerReference,
    amountPence: options.amountPence,
    description: options.description,
    ...(options.chargeDate ? { chargeDate: options.chargeDate } : {}),
    now,
  });
  return repository.recordCollectionStatus(deps.db, {
    providerPaymentId: collection.providerPaymentId,
    provider: 'DIRECT_DEBIT',
    ownerUserId: mandate.ownerUserId,
    proposalCode: options.proposalCode,
    amountPence: options.amountPence,
    status: collection.status,
    chargeDate: collection.chargeDate,
    settlesOn: collection.settlesOn,
    failureReason: collection.failureReason,
    at: now,
  });
}

/** A policy's first Direct Debit while it is on its way: what the customer is told to expect. */
export type FirstCollection = { amountPence: number; chargeDate: string };

/**
 * The first Direct Debit of each proposal still on its way (asked for at bind, kept under the
 * proposal; later months are the account's), by proposal code. Settled or failed: not listed;
 * nor one of a policy not taken up (void from inception: the payment is no longer to be taken,
 * and if the bank takes it anyway it is refunded), so the billing tab never says it will be.
 */
export async function findPendingFirstCollections(
  db: Db,
  proposalCodes: readonly string[],
): Promise<Map<string, FirstCollection>> {
  if (proposalCodes.length === 0) return new Map();
  const rows = await db
    .select({
      proposalCode: collections.proposalCode,
      amountPence: collections.amountPence,
      chargeDate: collections.chargeDate,
    })
    .from(collections)
    .where(
      and(
        inArray(collections.proposalCode, [...proposalCodes]),
        eq(collections.provider, 'DIRECT_DEBIT'),
        inArray(collections.status, ['PENDING', 'SUBMITTED']),
      ),
    );
  // The policies' own word on NTU (the policy module's rows), for the proposals found only.
  const notTakenUp = new Set(
    (
      await listPolicyStates(db, {
        proposalCodes: rows.flatMap((row) => (row.proposalCode ? [row.proposalCode] : [])),
      })
    )
      .filter((policy) => policy.status === 'NTU')
      .map((policy) => policy.proposalCode),
  );
  const found = new Map<string, FirstCollection>();
  for (const row of rows) {
    if (!row.proposalCode || !row.chargeDate || notTakenUp.has(row.proposalCode)) continue;
    found.set(row.proposalCode, { amountPence: row.amountPence, chargeDate: row.chargeDate });
  }
  return found;
}

/**
 * Asks the Direct Debit provider again about each first collection (kept under a proposal) still
 * PENDING or SUBMITTED that was asked for on or before `askedBefore`, and records what it says:
 * its webhooks may be late (an outage, a clock moved a month on), and a policy must not be voided
 * for a payment the bank has in fact paid. Answers how many changed. A provider that cannot be
 * asked leaves the row as it was.
 */
export async function refreshOverdueFirstCollections(
  deps: ServiceDeps,
  askedBefore: Date,
): Promise<number> {
  const rows = await deps.db
    .select({ providerPaymentId: collections.providerPaymentId, status: collections.status })
    .from(collections)
    .where(
      and(
        eq(collections.provider, 'DIRECT_DEBIT'),
        isNotNull(collections.proposalCode),
        inArray(collections.status, ['PENDING', 'SUBMITTED']),
        lte(collections.createdAt, askedBefore),
      ),
    );
  let changed = 0;
  for (const row of rows) {
    const now = deps.clock.now();
    const answer = await deps.providers.directDebit
      .getCollection({ providerPaymentId: row.providerPaymentId, now })
      .catch((error: unknown) => {
        deps.log.warn(
          { err: error, providerPaymentId: row.providerPaymentId },
          'collection not read',
        );
        return null;
      });
    if (!answer || answer.status === row.status) continue;
    await repository.recordCollectionStatus(deps.db, {
      providerPaymentId: row.providerPaymentId,
      provider: 'DIRECT_DEBIT',
      amountPence: 0,
      status: answer.status,
      failureReason: answer.failureReason,
      at: now,
    });
    changed += 1;
  }
  return changed;
}
