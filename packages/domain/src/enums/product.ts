/** Product kinds (spec 1 §1); "plans" in spec 1 §4 are the same three values. */
export const PRODUCT_KINDS = ['SUBSCRIPTION', 'ANNUAL', 'DRIVEAWAY'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** @alias A plan is a product kind. */
export const PLANS = PRODUCT_KINDS;
export type Plan = ProductKind;

export const COVER_TYPES = ['MAIN', 'OPTIONAL', 'DISCOUNT'] as const;
export type CoverType = (typeof COVER_TYPES)[number];

/** Type of a price option of a cover option (spec 3 §3 writes them lower case). */
export const PRICE_OPTION_TYPES = ['main', 'discount'] as const;
export type PriceOptionType = (typeof PRICE_OPTION_TYPES)[number];

/** Covers included in the flex product (spec 2 §3). */
export const INCLUDED_COVER_CODES = [
  'liability_to_others',
  'damage_to_car',
  'uk_accident_recovery',
  'electric_vehicles',
  'windscreen',
  'accessories',
  'child_car_seat',
  'foreign_travel',
  'personal_accident',
  'medical_expenses',
  'uninsured_driver_promise',
  'drive_other_cars',
] as const;
export type IncludedCoverCode = (typeof INCLUDED_COVER_CODES)[number];

/** Covers the driveaway product includes: the flex list without three covers. */
export const DRIVEAWAY_INCLUDED_COVER_CODES = INCLUDED_COVER_CODES.filter(
  (code) =>
    code !== 'foreign_travel' && code !== 'uninsured_driver_promise' && code !== 'drive_other_cars',
);

export const OPTIONAL_COVER_CODES = ['ncb_protection', 'legal_expenses'] as const;
export type OptionalCoverCode = (typeof OPTIONAL_COVER_CODES)[number];

export const COVER_CODES = [...INCLUDED_COVER_CODES, ...OPTIONAL_COVER_CODES] as const;
export type CoverCode = (typeof COVER_CODES)[number];

/** Excess endorsements: young driver and inexperienced driver. */
export const EXCESS_ENDORSEMENT_CODES = ['DRVEXC_YOUNG', 'DRVEXC_INEXP'] as const;
export type ExcessEndorsementCode = (typeof EXCESS_ENDORSEMENT_CODES)[number];
