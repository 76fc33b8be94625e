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
  ProposalChangeTypeSchema,
} from '@motor/domain';
import { CardCheckoutRequestSchema, MotoCheckoutRequestSchema } from './payment';

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
  /** Set when the customer saved this change to come back to (kept SAVED_CHANGE_DAYS). */
  savedAt: IsoInstantSchema.nullable(),
}).meta({ id: 'PolicyAdjustment' });
export type PolicyAdjustmentResponse = z.infer<typeof PolicyAdjustmentResponseSchema>;

/**
 * A priced, unconfirmed change the customer saved (issue 35 item 5): POST
 * /api/policyAdjustments/{id}/save answers it, GET /api/policies/{id}/saved-changes lists them.
 */
export const SavedChangeSchema = z
  .object({
    adjustmentId: z.string(),
    policyId: z.string(),
    savedAt: IsoInstantSchema,
    /** The last instant it is kept: savedAt + SAVED_CHANGE_DAYS (London days). */
    savedUntil: IsoInstantSchema,
    /** What the change is, one entry per kind of change, in the order first made. */
    changeTypes: z.array(ProposalChangeTypeSchema),
    /** Whole-term premium (pence, with tax) after the change, as priced when saved. */
    premium: PenceSchema,
    /** MONTHLY only: the regular instalment after the change, as priced when saved. */
    instalment: PenceSchema.nullable(),
  })
  .meta({ id: 'SavedChange' });
export type SavedChange = z.infer<typeof SavedChangeSchema>;

export const SavedChangeListResponseSchema = z.array(SavedChangeSchema);

/**
 * POST /api/policyAdjustments/{id}/resume: the saved change priced again now (a new adjustment,
 * now the saved one), with what it cost when saved.
 */
export const ResumedSavedChangeResponseSchema = z
  .object({
    adjustment: PolicyAdjustmentResponseSchema,
    /** When it was first saved. */
    savedAt: IsoInstantSchema,
    savedPremium: PenceSchema,
    savedInstalment: PenceSchema.nullable(),
    /** The premium (or the monthly instalment) is not what it was when saved. */
    priceChanged: z.boolean(),
    /** It was priced on other rating tables than when saved (our rates changed). */
    ratesChanged: z.boolean(),
  })
  .meta({ id: 'ResumedSavedChange' });
export type ResumedSavedChangeResponse = z.infer<typeof ResumedSavedChangeResponseSchema>;

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
export const MtaCardCheckoutRequestSchema = CardCheckoutRequestSchema.omit({
  paymentMethodType: true,
}).meta({ id: 'MtaCardCheckoutRequest' });
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
