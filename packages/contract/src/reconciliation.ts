import { z } from 'zod';

// The staff view of payment reconciliation (issue 16 item 3): what the last runs found between the
// providers' records and the ledger, not yet resolved.

export const ReconciliationFindingSchema = z
  .object({
    id: z.string(),
    /**
     * PROVIDER_ONLY: settled at the provider, not in the ledger; LEDGER_ONLY: the reverse;
     * REFUND_NOT_SENT: a refund due for more than a day and not sent (providerPaymentId is the
     * refund's ledger key); COVER_UNPAID: a policy on cover past the not-taken-up window with no
     * settled payment (providerPaymentId is the policy id).
     */
    kind: z.enum([
      'PROVIDER_ONLY',
      'LEDGER_ONLY',
      'AMOUNT_MISMATCH',
      'REFUND_NOT_SENT',
      'COVER_UNPAID',
    ]),
    providerPaymentId: z.string(),
    provider: z.string().nullable(),
    accountId: z.string().nullable(),
    /** Pence; null on the side that has no record. */
    providerAmountPence: z.number().int().nullable(),
    ledgerAmountPence: z.number().int().nullable(),
    foundAt: z.string(),
    seenAt: z.string(),
  })
  .meta({ id: 'ReconciliationFinding' });

export const ReconciliationFindingsResponseSchema = z
  .object({ findings: z.array(ReconciliationFindingSchema) })
  .meta({ id: 'ReconciliationFindings' });
export type ReconciliationFindingsResponse = z.infer<typeof ReconciliationFindingsResponseSchema>;
