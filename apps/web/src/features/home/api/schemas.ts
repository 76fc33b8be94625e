import { z } from 'zod';
import {
  AccountStatusSchema,
  AgreementStatusSchema,
  PROPOSAL_STATUSES,
  PaymentMethodTypeSchema,
  PolicyStatusSchema,
  ProposalStatusSchema,
} from '@motor/domain';
import { formatPlate } from '../../../lib/format';

// The home page's API schemas (loaded by loadHomeSchemas in fetch-list.ts, not with the page).

/** The registration of the quote's insured car, if known. */
function readRegistration(quote: unknown): string | null {
  const assets = (quote as { insuredAssets?: unknown } | null | undefined)?.insuredAssets;
  if (!Array.isArray(assets)) return null;
  const core = assets.find((asset) => (asset as { coreAsset?: unknown }).coreAsset) as
    { data?: { vehicle?: { vrn?: unknown } } } | undefined;
  const vrn = core?.data?.vehicle?.vrn;
  return typeof vrn === 'string' && vrn !== '' ? formatPlate(vrn) : null;
}

/** The active schedule's instalment when it is MONTHLY, else null. */
function monthlyInstalment(
  schedules:
    | {
        type: string;
        active?: boolean | null;
        premiumBreakdown?: { instalmentAmount: number } | null;
      }[]
    | null
    | undefined,
): number | null {
  const active = schedules?.find((schedule) => schedule.active);
  return active?.type === 'MONTHLY' ? (active.premiumBreakdown?.instalmentAmount ?? null) : null;
}

// The fields a home policy card needs (spec 1 §3 Policy); GET /api/policies gives the full one.
export const PolicySummarySchema = z
  .object({
    policyId: z.string(),
    policyNumber: z.string(),
    schemeCode: z.string(),
    policyDetail: z.object({
      policyStatus: PolicyStatusSchema,
      inceptedAt: z.string().nullish(),
      expiredAt: z.string().nullish(),
      terminatedAt: z.string().nullish(),
    }),
    currentPolicyVersion: z.object({ quote: z.unknown() }).nullish(),
    /** A longer-term quote offered on this policy (driveaway to flex). */
    upsellProposal: z
      .object({
        proposalCode: z.string(),
        schemeCode: z.string().nullish(),
        status: ProposalStatusSchema,
      })
      .nullish(),
    accounts: z
      .array(
        z.object({
          accountStatus: AccountStatusSchema,
          paymentMethodType: PaymentMethodTypeSchema,
        }),
      )
      .default([]),
  })
  .transform(({ currentPolicyVersion, ...policy }) => ({
    ...policy,
    registration: readRegistration(currentPolicyVersion?.quote),
  }));
export type PolicySummary = z.infer<typeof PolicySummarySchema>;

// Only the fields the home list shows; the contract package owns the full shape.
export const ProposalSummarySchema = z
  .object({
    proposalCode: z.string(),
    /** The reference the customer was given (e-mails, retrieve); the code is only for links. */
    externalReference: z.string().nullish(),
    schemeCode: z.string(),
    status: z.enum(PROPOSAL_STATUSES),
    startAt: z.string().nullish(),
    quote: z
      .object({
        totalPremium: z.number().nullish(),
        availablePaymentSchedules: z
          .array(
            z
              .object({
                type: z.string(),
                active: z.boolean().nullish(),
                premiumBreakdown: z.object({ instalmentAmount: z.number() }).loose().nullish(),
              })
              .loose(),
          )
          .nullish(),
      })
      .loose()
      .nullish(),
  })
  .transform(({ quote, ...proposal }) => ({
    ...proposal,
    premiumPence: quote?.totalPremium ?? null,
    /** The monthly instalment when the quote is paid monthly: the price the quote page heads. */
    monthlyPence: monthlyInstalment(quote?.availablePaymentSchedules),
    registration: readRegistration(quote),
  }));
export type ProposalSummary = z.infer<typeof ProposalSummarySchema>;

export const CustomerAccountSchema = z.object({
  accountCode: z.string(),
  accountStatus: AccountStatusSchema,
  paymentMethodType: PaymentMethodTypeSchema.nullable(),
});
export type CustomerAccountSummary = z.infer<typeof CustomerAccountSchema>;

// Spec 3 §7 getPaymentMethods is GET /goCardless/mandates; an item without a type is a mandate.
export const PaymentMethodSummarySchema = z.object({
  type: PaymentMethodTypeSchema.default('BACS_DEBIT'),
  status: AgreementStatusSchema,
});
export type PaymentMethodSummary = z.infer<typeof PaymentMethodSummarySchema>;
