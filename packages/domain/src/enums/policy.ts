/** Lifecycle of a policy term (spec 1 §4, spec 3 §4). NTU = not taken up. */
export const POLICY_STATUSES = [
  'PENDING',
  'ACTIVE',
  'LAPSED',
  'CANCELLED',
  'RENEWED',
  'VOIDED',
  'NTU',
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** Whether the policy is reviewed for renewal at the anniversary. */
export const REVIEW_TYPES = ['AUTO', 'NEVER'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** MTA = mid-term adjustment, SDA = start-date adjustment, CAN = cancellation. */
export const ADJUSTMENT_TYPES = ['MTA', 'SDA', 'CAN'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

export const CANCELLATION_TYPES = ['Standard', 'CoolingOff'] as const;
export type CancellationType = (typeof CANCELLATION_TYPES)[number];

/** The instant a cooling-off period runs from: policy inception or bind (policy creation). */
export const COOLING_OFF_COUNTED_FROM = ['Inception', 'Bind'] as const;
export type CoolingOffCountedFrom = (typeof COOLING_OFF_COUNTED_FROM)[number];

/** Tabs of the policy area, in display order (spec 1 §2, spec 3 §2). */
export const POLICY_TABS = ['details', 'documents', 'billing', 'claims'] as const;
export type PolicyTab = (typeof POLICY_TABS)[number];

/** Home-page policy cards; VOIDED and NTU share the 'ended' card, RENEWED has none. */
export const POLICY_CARD_KINDS = ['active', 'pending', 'lapsed', 'cancelled', 'ended'] as const;
export type PolicyCardKind = (typeof POLICY_CARD_KINDS)[number];

/** Renewal banner on a policy in renewal (spec 3 §4). */
export const RENEWAL_BANNER_KINDS = ['opted-in', 'opted-out', 'critical'] as const;
export type RenewalBannerKind = (typeof RENEWAL_BANNER_KINDS)[number];

/** Choices of the admin effective-date modal for a started policy (spec 3 §4). */
export const EFFECTIVE_DATE_CHOICES = ['immediately', 'inception', 'other'] as const;
export type EffectiveDateChoice = (typeof EFFECTIVE_DATE_CHOICES)[number];
