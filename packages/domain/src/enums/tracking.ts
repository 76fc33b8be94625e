/** Query parameters saved per session and sent with proposal impressions (spec 2 §9). */
export const TRACKING_PARAMETERS = [
  'utm_medium',
  'utm_campaign',
  'utm_source',
  'utm_ref',
  'utm_channel',
  'utm_term',
  'utm_asset',
  'utm_asset_id',
] as const;
export type TrackingParameter = (typeof TRACKING_PARAMETERS)[number];

/** Marketing preference channels a customer can opt into (spec 2 §3, spec 3 §2). */
export const MARKETING_CHANNELS = ['email', 'phone', 'sms'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

/**
 * Further marketing options one text mentions ("in-car, mail and none"); they are not configured
 * in the product, so they are kept apart from MARKETING_CHANNELS.
 */
export const OTHER_MARKETING_OPTIONS = ['in-car', 'mail', 'none'] as const;
export type OtherMarketingOption = (typeof OTHER_MARKETING_OPTIONS)[number];

/** Data tables served under /lookup (spec 2 §7). */
export const LOOKUP_TABLES = [
  'OccupationABI',
  'Industry',
  'DrivingConvictions',
  'BMWRetailers',
] as const;
export type LookupTable = (typeof LOOKUP_TABLES)[number];

/** Feature toggles of the configuration (spec 1 §3, spec 3 §3). */
export const FEATURE_TOGGLES = [
  'isAdmin',
  'multiQuote',
  'allowModifyBillingDay',
  'axitechFnol',
] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];

/**
 * The feature toggles as spec 2 §9 sets them (multiQuote on, allowModifyBillingDay on, axitechFnol
 * off; isAdmin is the signed-in user's, off for the brand). A brand that sets one otherwise says
 * why in its configuration (featureReasons), checked when the brand loads.
 */
export const SPEC_FEATURES = {
  isAdmin: false,
  multiQuote: true,
  allowModifyBillingDay: true,
  axitechFnol: false,
} as const satisfies Record<FeatureToggle, boolean>;

/** Admin permissions named by the spec. */
export const PERMISSIONS = ['access:impersonate', 'action:mta-claims'] as const;
export type Permission = (typeof PERMISSIONS)[number];
