import { z } from 'zod';
import type { ServiceDeps } from '../../app-types';
import { enqueueJob } from '../../modules/jobs';

// A collection is a job keyed by what it collects (an account's period, or a failed payment's
// retry): the key is also our reference at the provider.

export const COLLECT_PAYMENT = 'collect-payment';

export const CollectPayload = z.object({
  accountId: z.string(),
  /** Our reference at the provider: the job's key. */
  reference: z.string(),
  /** The coming invoice a Direct Debit collects ahead of it (0 for a card or a retry). */
  invoicePence: z.number().int().nonnegative(),
  chargeDate: z.string().nullable(),
  /** When that coming invoice is due (its statement's); absent in jobs planned before it was. */
  dueAt: z.string().nullable().optional(),
  /** A retry is made while the account is suspended too; a monthly collection is not. */
  retry: z.boolean(),
  /**
   * The first payment of a term (spec 2 §4.4, taken at purchase): kept under the policy's proposal
   * so that the NTU job finds it when it fails or never settles.
   */
  first: z.boolean().optional(),
});
export type CollectPayload = z.infer<typeof CollectPayload>;

/** Enqueues a collection once (false when its key exists already). */
export function enqueueCollection(
  deps: Pick<ServiceDeps, 'db'>,
  options: { key: string; payload: Omit<CollectPayload, 'reference'>; at: Date; runAt?: Date },
): Promise<boolean> {
  return enqueueJob(deps.db, {
    kind: COLLECT_PAYMENT,
    key: options.key,
    payload: { ...options.payload, reference: options.key },
    at: options.at,
    runAt: options.runAt,
  });
}

/** The key (and our provider reference) of an account's first collection. */
export const firstCollectionKey = (accountId: string) => `collect:${accountId}:first-month`;

/**
 * The first payment of a term bound with nothing paid at bind (a Direct Debit purchase's deposit,
 * a renewal at the anniversary paid the way the old term was), collected at once on the mandate
 * or the saved card, not a month late with the second. Once per account, whoever asks. `runAt`
 * later than `at` makes the job a fallback for a caller that collects it itself first.
 */
export function enqueueFirstCollection(
  deps: Pick<ServiceDeps, 'db'>,
  options: { accountId: string; at: Date; runAt?: Date },
): Promise<boolean> {
  return enqueueCollection(deps, {
    key: firstCollectionKey(options.accountId),
    payload: {
      accountId: options.accountId,
      invoicePence: 0,
      chargeDate: null,
      retry: false,
      first: true,
    },
    at: options.at,
    ...(options.runAt ? { runAt: options.runAt } : {}),
  });
}
