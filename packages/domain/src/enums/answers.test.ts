import { describe, expect, it } from 'vitest';
import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './answers';

const keeperOwner = [
  'PolicyHolder',
  'LeasingCompanyInCompanyName',
  'LeasingCompanyInPrivateName',
  'ParentGuardian',
  'SpousePartner',
  'OtherFamilyMember',
  'Employer',
  'Other',
];

const cases: EnumCase[] = [
  ['purchase type', e.PURCHASE_TYPES, e.PurchaseTypeSchema, ['New', 'ApprovedUsed', 'Used']],
  ['steering', e.STEERING_POSITIONS, e.SteeringPositionSchema, ['RHD', 'LHD']],
  ['keeper/owner', e.KEEPER_OWNER_TYPES, e.KeeperOwnerTypeSchema, keeperOwner],
  [
    'vehicle usage',
    e.VEHICLE_USAGES,
    e.VehicleUsageSchema,
    ['SocialDomesticPleasure', 'SocialDomesticPleasureCommuting', 'BusinessClass1'],
  ],
  ['home ownership', e.HOME_OWNERSHIPS, e.HomeOwnershipSchema, ['Own', 'Rent', 'LivingWithFamily']],
  [
    'marital status',
    e.MARITAL_STATUSES,
    e.MaritalStatusSchema,
    ['Married', 'Single', 'Cohabiting', 'CivilPartnership', 'Separated', 'Divorced', 'Widowed'],
  ],
  [
    'employment status',
    e.EMPLOYMENT_STATUSES,
    e.EmploymentStatusSchema,
    ['FT', 'PT', 'SE', 'ED', 'RE', 'NIW'],
  ],
  [
    'non-working status',
    e.NON_WORKING_STATUSES,
    e.NonWorkingStatusSchema,
    ['HW-HH', 'IM', 'VW', 'NE-DIS', 'NE'],
  ],
  [
    'licence type',
    e.LICENCE_TYPES,
    e.LicenceTypeSchema,
    [
      'UKFull',
      'UKAutoOnly',
      'UKProvisional',
      'EUFull',
      'EUProvisional',
      'EuropeanNonEU',
      'International',
    ],
  ],
  [
    'relationship to insured',
    e.RELATIONSHIPS_TO_INSURED,
    e.RelationshipToInsuredSchema,
    [
      'SpousePartner',
      'SonDaughter',
      'ParentGuardian',
      'BrotherSister',
      'OtherFamilyMember',
      'Employee',
      'Employer',
      'Other',
    ],
  ],
  ['NCD type', e.NCD_TYPES, e.NcdTypeSchema, ['Private', 'Company']],
  [
    'claim type',
    e.CLAIM_TYPES,
    e.ClaimTypeSchema,
    ['Accident', 'FireDamage', 'StormFloodDamage', 'Theft', 'Vandalism', 'Windscreen', 'Others'],
  ],
  [
    'accident sub type',
    e.ACCIDENT_CLAIM_SUB_TYPES,
    e.AccidentClaimSubTypeSchema,
    ['Fault', 'NotFault', 'BothFault'],
  ],
  ['theft sub type', e.THEFT_CLAIM_SUB_TYPES, e.TheftClaimSubTypeSchema, ['Vehicle', 'Contents']],
  [
    'use of other car',
    e.USE_OF_OTHER_CAR_OPTIONS,
    e.UseOfOtherCarSchema,
    [
      'OwnAnotherVehicle',
      'NamedDriverOtherPolicy',
      'CompanyCarExcSocial',
      'CompanyCarIncSocial',
      'NoAccessToOtherCars',
    ],
  ],
  [
    'overnight location',
    e.OVERNIGHT_LOCATIONS,
    e.OvernightLocationSchema,
    [
      'Driveway',
      'PublicRoad',
      'Garage',
      'CarPark',
      'Compound',
      'Carport',
      'PrivateProperty',
      'Other',
    ],
  ],
  ['overnight proximity', e.OVERNIGHT_PROXIMITIES, e.OvernightProximitySchema, ['near', 'away']],
  [
    'overnight lock state',
    e.OVERNIGHT_LOCK_STATES,
    e.OvernightLockStateSchema,
    ['locked', 'unlocked'],
  ],
  [
    'car park type',
    e.CAR_PARK_TYPES,
    e.CarParkTypeSchema,
    ['OpenPublic', 'SecurePublic', 'OfficeFactory'],
  ],
  [
    'cancellation reason',
    e.CANCELLATION_REASONS,
    e.CancellationReasonSchema,
    ['SoldNR', 'SoldMake', 'Price', 'Service', 'NotSuitable', 'Other'],
  ],
  [
    'opt-out reason',
    e.OPT_OUT_REASONS,
    e.OptOutReasonSchema,
    ['SoldNR', 'SoldMake', 'Price', 'Service', 'NotSuitable', 'Other'],
  ],
];

describeEnumerations('answer enumerations', cases);

describe('EmploymentAnswerSchema', () => {
  it.each([
    [{ employmentStatus: 'FT' }, true],
    [{ employmentStatus: 'RE' }, true],
    [{ employmentStatus: 'NIW', nonWorkingStatus: 'HW-HH' }, true],
    [{ employmentStatus: 'NIW', nonWorkingStatus: 'NE-DIS' }, true],
    [{ employmentStatus: 'NIW' }, false],
    [{ employmentStatus: 'NIW', nonWorkingStatus: 'FT' }, false],
    [{ employmentStatus: 'FT', nonWorkingStatus: 'IM' }, false],
    [{ employmentStatus: 'HW-HH' }, false],
  ])('%o valid: %s', (answer, valid) => {
    expect(e.EmploymentAnswerSchema.safeParse(answer).success).toBe(valid);
  });

  it('asks occupation only for FT, PT and SE', () => {
    expect(e.EMPLOYMENT_STATUSES_WITH_OCCUPATION).toEqual(['FT', 'PT', 'SE']);
  });
});

describe('ClaimTypeAnswerSchema', () => {
  it.each([
    [{ type: 'Accident', subType: 'Fault' }, true],
    [{ type: 'Accident', subType: 'BothFault' }, true],
    [{ type: 'Accident' }, false],
    [{ type: 'Accident', subType: 'Vehicle' }, false],
    [{ type: 'Theft', subType: 'Contents' }, true],
    [{ type: 'Theft', subType: 'Fault' }, false],
    [{ type: 'Theft' }, false],
    [{ type: 'Windscreen' }, true],
    [{ type: 'Others' }, true],
    [{ type: 'Vandalism', subType: 'Fault' }, false],
    [{ type: 'Flood' }, false],
  ])('%o valid: %s', (answer, valid) => {
    expect(e.ClaimTypeAnswerSchema.safeParse(answer).success).toBe(valid);
  });
});

describe('OvernightLocationAnswerSchema', () => {
  it.each([
    [{ location: 'Driveway' }, true],
    [{ location: 'PublicRoad', proximity: 'near' }, true],
    [{ location: 'PublicRoad', proximity: 'away' }, true],
    [{ location: 'PublicRoad' }, false],
    [{ location: 'Garage', lock: 'locked', proximity: 'near' }, true],
    [{ location: 'Garage', lock: 'unlocked', proximity: 'away' }, true],
    [{ location: 'Garage', lock: 'locked' }, false],
    [{ location: 'Garage', proximity: 'near' }, false],
    [{ location: 'CarPark', carParkType: 'SecurePublic' }, true],
    [{ location: 'CarPark', carParkType: 'near' }, false],
    [{ location: 'CarPark' }, false],
    [{ location: 'Compound', lock: 'unlocked' }, true],
    [{ location: 'Compound', lock: 'near' }, false],
    [{ location: 'Carport' }, true],
    [{ location: 'PrivateProperty' }, true],
    [{ location: 'Other' }, true],
    [{ location: 'Field' }, false],
  ])('%o valid: %s', (answer, valid) => {
    expect(e.OvernightLocationAnswerSchema.safeParse(answer).success).toBe(valid);
  });
});
