import { z } from 'zod';
import { PenceSchema } from '@motor/domain';

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
    /** The account's code (the policy number) and whose it is, for staff's link; the policy. */
    accountCode: z.string().nullable(),
    customerUserId: z.string().nullable(),
    policyId: z.string().nullable(),
    /** Pence; null on the side that has no record. */
    providerAmountPence: PenceSchema.nullable(),
    ledgerAmountPence: PenceSchema.nullable(),
    foundAt: z.string(),
    seenAt: z.string(),
  })
  .meta({ id: 'ReconciliationFinding' });

export const ReconciliationFindingsResponseSchema = z
  .object({
    findings: z.array(ReconciliationFindingSchema),
    /** When the reconciliation last ran (ISO), null before its first run. */
    lastRunAt: z.string().nullable(),
    /** The server's time (ISO): staff read each finding's age from it. */
    now: z.string(),
  })
  .meta({ id: 'ReconciliationFindings' });
export type ReconciliationFindingsResponse = z.infer<typeof ReconciliationFindingsResponseSchema>;

// The refunds staff queue (issue 30 item 4): refunds that could not be sent, with the reason, and
// what staff did (paid by another route, or written off).

/** What staff did with a refund no provider could send: paid it another way, or wrote it off. */
export const REFUND_RESOLUTIONS = ['PAID_ELSEWHERE', 'WRITTEN_OFF'] as const;
const RefundResolutionSchema = z.enum(REFUND_RESOLUTIONS);

export const RefundIssueSchema = z
  .object({
    id: z.string(),
    /** The refund's ledger key. */
    refundKey: z.string(),
    accountId: z.string(),
    /** Pence: the whole refund, and what of it no provider refund paid. */
    amountPence: PenceSchema,
    unsentPence: PenceSchema,
    reason: z.string(),
    raisedAt: z.string(),
    resolution: RefundResolutionSchema.nullable(),
    note: z.string().nullable(),
    resolvedBy: z.string().nullable(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'RefundIssue' });
export type RefundIssueResponse = z.infer<typeof RefundIssueSchema>;

export const RefundIssuesResponseSchema = z
  .object({ issues: z.array(RefundIssueSchema) })
  .meta({ id: 'RefundIssues' });
export type RefundIssuesResponse = z.infer<typeof RefundIssuesResponseSchema>;

/** Staff's action on a queued refund: the note says how it was paid, or why it is written off. */
export const RefundIssueResolutionRequestSchema = z
  .object({
    resolution: RefundResolutionSchema,
    note: z
      .string()
      .trim()
      .min(1, 'Say how the refund was paid, or why it is written off.')
      .max(500, 'Keep the note to 500 characters.'),
  })
  .meta({ id: 'RefundIssueResolutionRequest' });
export type RefundIssueResolutionRequest = z.infer<typeof RefundIssueResolutionRequestSchema>;
