// Example disclosures for tests, the benchmark and the OpenAPI document's worked example (so the
// example is what the tests send): a complete flex quote for a 2024 BMW 3 Series (demo
// registration BM24 XYZ) and an experienced driver. Rates nothing itself.
import type { ProposalChange } from '@motor/domain';
import { CORE_ASSET_CODE, POLICYHOLDER_PROFILE_CODE } from '../disclosure';

type Update = { path: string; attribute: string; value: unknown };

export const updates = (answers: Record<string, unknown>): Update[] =>
  Object.entries(answers).map(([name, value]) => ({
    path: `data.${name}`,
    attribute: name,
    value,
  }));

const DEMO_REGISTRATION = 'BM24 XYZ';

export const DEMO_ADDRESS = {
  line1: '10 Downing Street',
  city: 'London',
  postalCode: 'SW1A 2AA',
  countryIso3: 'GBR',
};

export const CAR_ANSWERS = {
  vehicle: {
    vrn: DEMO_REGISTRATION,
    regLookup: true,
    specification: { vehicleCode: 'BMW-G20-320I-MSPORT' },
  },
  modifications: false,
  purchaseType: 'Used',
  trackerFitted: false,
  registeredKeeper: 'PolicyHolder',
  legalOwner: 'PolicyHolder',
  usageStartYearMonth: '2024-05',
  usage: 'SocialDomesticPleasureCommuting',
  annualMileage: 8000,
  overnightLocation: 'Driveway',
  noClaimsDiscount: 5,
  noClaimsDiscountType: 'Private',
};

export const DRIVER_ANSWERS = {
  firstName: 'Jane',
  lastName: 'Smith',
  dateOfBirth: '1985-06-15',
  address: DEMO_ADDRESS,
  homeOwnership: 'Own',
  maritalStatus: 'Married',
  employmentStatus: 'FT',
  occupation: { code: 'O001', name: 'Accountant' },
  industry: { code: 'I001', name: 'Accountancy' },
  bankrupt: false,
  unsatisfiedCCJs: false,
  unspentCriminalConvictions: false,
  previouslyRefusedInsurance: false,
  drivingLicence: { licenceType: 'UKFull', validFrom: '2004-07-01', convictions: [] },
  vehicleClaimsHistory: [],
  useOfOtherCar: 'NoAccessToOtherCars',
  dvlaUnawareOfMedicalCondition: false,
  advisedByDoctorNotToDrive: false,
  bannedOrDisqualified: false,
  email: 'jane.smith@example.com',
};

export const ADDITIONAL_DRIVER_ANSWERS = {
  relationshipToInsured: 'SpousePartner',
  firstName: 'Sam',
  lastName: 'Smith',
  dateOfBirth: '1987-09-20',
  drivingLicence: { licenceType: 'UKFull', validFrom: '2006-01-10', convictions: [] },
  vehicleClaimsHistory: [],
  bannedOrDisqualified: false,
};

/** A change to a quote or policy adding a driver of 22 (born 2004) as p1: one that costs more. */
export const ADD_YOUNG_DRIVER: ProposalChange[] = [
  {
    changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
    profileCode: 'p1',
    update: updates({
      ...ADDITIONAL_DRIVER_ANSWERS,
      dateOfBirth: '2004-02-01',
      drivingLicence: { licenceType: 'UKFull', validFrom: '2022-03-01', convictions: [] },
    }),
  },
];

/** Every change a flex proposal needs to reach QUOTE. */
export function buildCompleteDisclosure(
  overrides: { car?: Record<string, unknown>; driver?: Record<string, unknown> } = {},
): ProposalChange[] {
  return [
    { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: updates({ eligibilityConfirmed: true }) },
    {
      changeType: 'ASSET_DISCLOSURE_CHANGE',
      assetCode: CORE_ASSET_CODE,
      update: updates({ ...CAR_ANSWERS, ...overrides.car }),
    },
    {
      changeType: 'PROFILE_DISCLOSURE_CHANGE',
      profileCode: POLICYHOLDER_PROFILE_CODE,
      update: updates({ ...DRIVER_ANSWERS, ...overrides.driver }),
    },
  ];
}
