import { z } from 'zod';
import { PaymentScheduleTypeSchema } from '../enums/billing-schemas';
import { AdjustmentTypeSchema } from '../enums/policy-schemas';
import { CoverCodeSchema, OptionalCoverCodeSchema } from '../enums/product-schemas';
import { IsoInstantSchema, PenceSchema } from './common';
import { PolicyVersionSchema } from './policy';

/** One answer to set: `path` locates the answer, `attribute` names it, `value` is the new value. */
export const DisclosureUpdateSchema = z.object({
  path: z.string(),
  attribute: z.string().nullish(),
  value: z.unknown(),
});
export type DisclosureUpdate = z.infer<typeof DisclosureUpdateSchema>;

const updates = z.array(DisclosureUpdateSchema).min(1);

/** A change to a proposal or a policy (the same change types serve both). */
export const ProposalChangeSchema = z.discriminatedUnion('changeType', [
  z.object({
    changeType: z.literal('ASSET_DISCLOSURE_CHANGE'),
    assetCode: z.string(),
    update: updates,
  }),
  z.object({
    changeType: z.literal('PROFILE_DISCLOSURE_CHANGE'),
    profileCode: z.string(),
    update: updates,
  }),
  z.object({
    changeType: z.literal('ADDITIONAL_PROFILE_DISCLOSURE_CHANGE'),
    profileCode: z.string(),
    update: updates,
  }),
  z.object({ changeType: z.literal('QUOTE_DISCLOSURE_CHANGE'), update: updates }),
  z.object({ changeType: z.literal('ADD_PROFILE'), profileCode: z.string() }),
  z.object({
    changeType: z.literal('ADDITIONAL_PROFILE_CREATE_CHANGE'),
    profileCode: z.string(),
    update: z.array(DisclosureUpdateSchema).nullish(),
  }),
  z.object({ changeType: z.literal('REMOVE_PROFILE'), profileCode: z.string() }),
  z.object({
    changeType: z.literal('ADD_COVER'),
    coverCode: CoverCodeSchema,
    assetCode: z.string(),
  }),
  z.object({
    changeType: z.literal('REMOVE_COVER'),
    coverCode: CoverCodeSchema,
    assetCode: z.string(),
  }),
  /** `excess` in pence. */
  z.object({ changeType: z.literal('SELECT_VOLUNTARY_EXCESS'), excess: PenceSchema.nonnegative() }),
  z.object({
    changeType: z.literal('REQUEST_COVER_OPTION'),
    coverCode: OptionalCoverCodeSchema,
    selected: z.boolean(),
  }),
  z.object({
    changeType: z.literal('SELECT_PAYMENT_SCHEDULE'),
    paymentScheduleType: PaymentScheduleTypeSchema,
  }),
  z.object({ changeType: z.literal('START_DATE_CHANGE'), startDate: IsoInstantSchema }),
]);
export type ProposalChange = z.infer<typeof ProposalChangeSchema>;

/** A change to a policy with an effective date (MTA, SDA or CAN). */
export const AdjustmentSchema = z.object({
  adjustmentId: z.string().min(1),
  policyId: z.string().min(1),
  adjustmentType: AdjustmentTypeSchema,
  changes: z.array(ProposalChangeSchema),
  effectiveAt: IsoInstantSchema,
  /** End of the confirmation window; after it the adjustment must be redone. */
  expiresAt: IsoInstantSchema.nullish(),
  confirmed: z.boolean(),
  verificationClear: z.boolean().nullish(),
  /** Pence: positive = the customer pays, negative = refund (shown as a credit). */
  amountDue: PenceSchema,
  prorataPremium: PenceSchema,
  availableBalance: PenceSchema,
  updatedPolicyVersions: z.array(PolicyVersionSchema),
  /** Cancellation reason, 'Other|details' when free text was given. */
  reason: z.string().nullish(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;
