import { z } from 'zod';
import { PenceSchema } from '@motor/domain';

// Reinstatement (issue 35 item 3, decision 042): staff with action:reinstate put a policy cancelled
// for non-payment or by mistake back on cover within the product's window, with no gap
// (BACKDATED) or with the gap recorded (GAP).

export const REINSTATEMENT_COVERS = ['BACKDATED', 'GAP'] as const;
export const ReinstatementCoverSchema = z.enum(REINSTATEMENT_COVERS);
export type ReinstatementCover = z.infer<typeof ReinstatementCoverSchema>;

/** Why a policy cannot be reinstated now (nothing is changed when the POST is refused). */
export const REINSTATEMENT_REFUSALS = [
  'NOT_CANCELLED',
  'REASON_NOT_REINSTATABLE',
  'PRODUCT_NOT_REINSTATABLE',
  'OUTSIDE_WINDOW',
  'TERM_ENDED',
  'BALANCE_OWED',
  'REFUND_ON_ITS_WAY',
  'LATER_POLICY',
] as const;
export const ReinstatementRefusalSchema = z.enum(REINSTATEMENT_REFUSALS);

/** One way back on cover and what it costs. */
export const ReinstatementOptionSchema = z.object({
  cover: ReinstatementCoverSchema,
  /** From when the policy covers again: the cancellation's time (BACKDATED) or now (GAP). */
  coverFrom: z.string(),
  /** The time without cover, GAP only: from the cancellation to the reinstatement. */
  gap: z.object({ from: z.string(), to: z.string() }).nullable(),
  /**
   * The premium the reinstatement charges to the account (pence; negative: credited), taken with
   * the next payment: the cancellation's credit note reversed, less the gap's premium for GAP.
   */
  premiumPence: PenceSchema,
});
export type ReinstatementOption = z.infer<typeof ReinstatementOptionSchema>;

/** The policy a reinstatement answer is about: its id, number and status now. */
const ReinstatedPolicySchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  status: z.string(),
});

/** GET /api/admin/policies/{policyId}/reinstatement. */
export const ReinstatementResponseSchema = z
  .object({
    ...ReinstatedPolicySchema.shape,
    /** When cover ended (the cancellation's effective time), null when not cancelled. */
    cancelledAt: z.string().nullable(),
    /** NON_PAYMENT, MISTAKE (any other customer or staff cancellation) or the stored reason. */
    cancellationKind: z.enum(['NON_PAYMENT', 'MISTAKE', 'OTHER']).nullable(),
    cancellationReason: z.string().nullable(),
    /** The last moment staff may reinstate (the product's reinstatement.windowDays). */
    windowEndsAt: z.string().nullable(),
    canReinstate: z.boolean(),
    refusal: z.object({ code: ReinstatementRefusalSchema, message: z.string() }).nullable(),
    /** What the customer owes now (settled money): taken first (by phone, or their own payment). */
    amountOwedPence: PenceSchema,
    /** The account's number, to take the money owed by phone (settle by MOTO). */
    accountId: z.string().nullable(),
    /** A refund of the cancellation not yet paid: cancelled by the reinstatement. */
    pendingRefundPence: PenceSchema,
    options: z.array(ReinstatementOptionSchema),
  })
  .meta({ id: 'Reinstatement' });
export type ReinstatementResponse = z.infer<typeof ReinstatementResponseSchema>;

export const ReinstatementParamsSchema = z.object({ policyId: z.string().min(1).max(100) });

/** POST /api/admin/policies/{policyId}/reinstate. */
export const ReinstateRequestSchema = z.object({
  cover: ReinstatementCoverSchema,
  /** Why (the mistake, or how the arrears were paid): kept in the audit trail. */
  reason: z.string().trim().min(5).max(500),
});
export type ReinstateRequest = z.infer<typeof ReinstateRequestSchema>;

export const ReinstatedResponseSchema = z
  .object({
    ...ReinstatedPolicySchema.shape,
    // The option taken.
    ...ReinstatementOptionSchema.shape,
    /** The policy version the reinstatement opened (its documents are issued). */
    versionNumber: z.number().int(),
  })
  .meta({ id: 'Reinstated' });
export type ReinstatedResponse = z.infer<typeof ReinstatedResponseSchema>;
