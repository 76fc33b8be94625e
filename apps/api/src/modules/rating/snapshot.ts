import type {
  Cover,
  ExcessItem,
  PaymentSchedule,
  PriceTrace,
  ProposalStatus,
  ReferralReason,
} from '@motor/domain';

// A leaf (domain types only): modules/proposal/tables.ts types `proposals.quote` with it.

/** The priced part of a quote, stored in `proposals.quote`. */
export type RatedSnapshot = {
  status: Exclude<ProposalStatus, 'POLICY'>;
  ratingStatus: 'QUOTE' | 'REFERRAL' | null;
  referralReasons: ReferralReason[];
  missingInformation: string[];
  premium: number;
  taxAmount: number;
  totalPremium: number;
  covers: Cover[];
  /** Every schedule the scheme offers, priced; `active` is set when answering. */
  paymentSchedules: Omit<PaymentSchedule, 'active'>[];
  excess: ExcessItem[];
  endorsements: { code: string; text: string }[];
  priceFactors: { name: string; value: number | string | null; factor: number }[];
  /** How rating reached the price, for "What makes up your price"; null when not priced. */
  priceTrace: PriceTrace | null;
  ratingTableVersion: string | null;
  ratedAt: string;
  mainInsurer: string;
  wordingVersion: string;
};
