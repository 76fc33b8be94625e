import { z } from 'zod';
import {
  AdjustmentSchema,
  AdjustmentTypeSchema,
  CancellationTypeSchema,
  IsoDateSchema,
  IsoInstantSchema,
  PaymentScheduleTypeSchema,
  PenceSchema,
  ProposalChangeSchema,
} from '@motor/domain';
import { MotoCheckoutRequestSchema, ReturnPathSchema } from './payment';

// Changing and cancelling a policy (spec 3 §3 Adjustment, §7 createPolicyAdjustment,
// getPolicyAdjustment, confirmPolicyAdjustment, stripeCheckoutMta, stripeMotoCheckoutMta).

/** Longest cancellation reason stored: `reason|details`. */
export const CANCELLATION_REASON_MAX_LENGTH = 600;

/**
 * POST /api/policyAdjustments. `changes` is empty for a cancellation. `effectiveAt` is the
 * staff member's choice (immediately when absent; customers may not set it on an MTA); for a
 * cancellation it is when cover stops (now, or the start of one of the offered later days).
 */
export const CreatePolicyAdjustmentRequestSchema = z
  .object({
    policyId: z.string().min(1).max(100),
    adjustmentType: AdjustmentTypeSchema,
    changes: z.array(ProposalChangeSchema).max(50).default([]),
    effectiveAt: IsoInstantSchema.optional(),
    reason: z.string().trim().min(1).max(CANCELLATION_REASON_MAX_LENGTH).optional(),
    /**
     * MTA only: a promotion code the customer was given (the management area's PROMOTION section,
     * spec 3 §2): its monthly discount comes off every month billed from the change on.
     */
    promotionActivationCode: z.string().trim().min(1).max(40).optional(),
  })
  .meta({ id: 'CreatePolicyAdjustmentRequest' });
export type CreatePolicyAdjustmentRequest = z.input<typeof CreatePolicyAdjustmentRequestSchema>;

export const AdjustmentIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** An adjustment as the API answers it: the spec's fields and what the review pages show. */
export const PolicyAdjustmentResponseSchema = AdjustmentSchema.extend({
  /** When it was made (priced): what its effective date is told against (backdated, from…). */
  createdAt: IsoInstantSchema,
  /** Set once it has been confirmed. */
  confirmedAt: IsoInstantSchema.nullable(),
  /** The policy's schedule: a positive amount on SINGLE_PAYMENT is paid by card first. */
  paymentScheduleType: PaymentScheduleTypeSchema.nullable(),
  /** Whole-term premium (pence, with tax) of the version in force at effectiveAt, before and after. */
  premiumBefore: PenceSchema,
  premiumAfter: PenceSchema,
  /** MONTHLY only: the regular instalment before and after (pence); null otherwise. */
  instalmentBefore: PenceSchema.nullable(),
  instalmentAfter: PenceSchema.nullable(),
  /** True when confirming needs a card payment of amountDue first (SINGLE_PAYMENT, > 0). */
  paymentRequired: z.boolean(),
  /** CAN only: the kind of cancellation that decided the refund. */
  cancellationKind: CancellationTypeSchema.nullable(),
}).meta({ id: 'PolicyAdjustment' });
export type PolicyAdjustmentResponse = z.infer<typeof PolicyAdjustmentResponseSchema>;

/**
 * GET /api/policies/{id}/cancellation: whether and how the policy may be cancelled now (the
 * cancel button and the cancel form read this; POST /api/policyAdjustments enforces it).
 */
export const CancellationOptionsResponseSchema = z
  .object({
    allowed: z.boolean(),
    kind: CancellationTypeSchema.nullable(),
    /** Later London dates a Standard cancellation may take effect on, tomorrow first. */
    deferredDates: z.array(IsoDateSchema),
    reasons: z.array(z.string()),
    /** CoolingOff: the end of the cooling-off period. */
    coolingOffEndsAt: IsoInstantSchema.nullable(),
  })
  .meta({ id: 'CancellationOptions' });
export type CancellationOptionsResponse = z.infer<typeof CancellationOptionsResponseSchema>;

/** POST /api/stripe/checkout/mta/{adjustmentId}: hosted card checkout for amountDue. */
export const MtaCardCheckoutRequestSchema = z
  .object({
    saveCard: z.boolean().default(false),
    successPath: ReturnPathSchema,
    cancelPath: ReturnPathSchema,
  })
  .meta({ id: 'MtaCardCheckoutRequest' });
export type MtaCardCheckoutRequest = z.input<typeof MtaCardCheckoutRequestSchema>;

/**
 * POST /api/stripe/moto/checkout/mta/{adjustmentId}: staff take amountDue by phone with a card
 * token (never card numbers); the date of birth is typed by the staff member, never pre-filled.
 * Answers the confirmed adjustment.
 */
export const MtaMotoCheckoutRequestSchema = MotoCheckoutRequestSchema.omit({
  paymentMethodType: true,
}).meta({ id: 'MtaMotoCheckoutRequest' });
export type MtaMotoCheckoutRequest = z.input<typeof MtaMotoCheckoutRequestSchema>;
