import { describe, expect, it } from 'vitest';
import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './product';
import * as s from './product-schemas';

const flexIncluded = [
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
];

const cases: EnumCase[] = [
  ['product kind', e.PRODUCT_KINDS, s.ProductKindSchema, ['SUBSCRIPTION', 'ANNUAL', 'DRIVEAWAY']],
  ['plan', e.PLANS, null, ['SUBSCRIPTION', 'ANNUAL', 'DRIVEAWAY']],
  ['cover type', e.COVER_TYPES, s.CoverTypeSchema, ['MAIN', 'OPTIONAL', 'DISCOUNT']],
  ['price option type', e.PRICE_OPTION_TYPES, s.PriceOptionTypeSchema, ['main', 'discount']],
  ['included cover code', e.INCLUDED_COVER_CODES, s.IncludedCoverCodeSchema, flexIncluded],
  [
    'optional cover code',
    e.OPTIONAL_COVER_CODES,
    s.OptionalCoverCodeSchema,
    ['ncb_protection', 'legal_expenses'],
  ],
  [
    'cover code',
    e.COVER_CODES,
    s.CoverCodeSchema,
    [...flexIncluded, 'ncb_protection', 'legal_expenses'],
  ],
  [
    'excess endorsement code',
    e.EXCESS_ENDORSEMENT_CODES,
    s.ExcessEndorsementCodeSchema,
    ['DRVEXC_YOUNG', 'DRVEXC_INEXP'],
  ],
];

describeEnumerations('product enumerations', cases);

describe('DRIVEAWAY_INCLUDED_COVER_CODES', () => {
  it('is the flex list without foreign_travel, uninsured_driver_promise and drive_other_cars', () => {
    expect(e.DRIVEAWAY_INCLUDED_COVER_CODES).toEqual([
      'liability_to_others',
      'damage_to_car',
      'uk_accident_recovery',
      'electric_vehicles',
      'windscreen',
      'accessories',
      'child_car_seat',
      'personal_accident',
      'medical_expenses',
    ]);
  });
});
