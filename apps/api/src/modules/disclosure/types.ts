import type {
  InsuredAsset,
  InsuredProfile,
  OptionalCoverCode,
  PaymentScheduleType,
} from '@motor/domain';

/** The customer's choices besides the disclosure. */
type ProposalChoices = {
  requestedOptionalCovers: Partial<Record<OptionalCoverCode, boolean>>;
  /** Pence. */
  voluntaryExcess: number;
  paymentScheduleType: PaymentScheduleType;
};

/** What `proposals.data` holds: the disclosure and the choices. */
export type ProposalData = {
  /** Quote-level answers (eligibilityConfirmed, renewalMonth, retailer). */
  quoteData: Record<string, unknown>;
  insuredProfiles: InsuredProfile[];
  insuredAssets: InsuredAsset[];
  choices: ProposalChoices;
};

/** The part of a proposal that changes apply to, worked on in memory before it is saved. */
export type ProposalDraft = {
  schemeCode: string;
  startAt: Date | null;
  endAt: Date | null;
  policyTerm: string;
  data: ProposalData;
};

export const POLICYHOLDER_PROFILE_CODE = 'ph';
export const CORE_ASSET_CODE = 'car';
