import { describe, expect, it } from 'vitest';
import {
  DRIVEAWAY_INCLUDED_COVER_CODES,
  INCLUDED_COVER_CODES,
  TRACKING_PARAMETERS,
} from '@motor/domain';
import { isCompleteRegistration } from '@motor/forms';
import {
  FullBrandConfigSchema,
  getOptionalCoverInputs,
  parseFullBrandConfig,
} from '@motor/brand-kit';
import { bmwBrandConfig, bmwBrandConfigData, brand, getProductConfig } from './index';

const flex = getProductConfig('bmw-flex');
const driveaway = getProductConfig('bmw-driveaway');

describe('BMW full brand configuration', () => {
  it('parses and keeps the web shell brand', () => {
    expect(FullBrandConfigSchema.safeParse(bmwBrandConfigData).success).toBe(true);
    expect(bmwBrandConfig.schemes).toEqual(brand.schemes);
    expect(bmwBrandConfig.appName).toBe(brand.appName);
    expect(bmwBrandConfig.contentBaseUrl).toBe('/content');
  });

  it('throws for an unknown scheme', () => {
    expect(() => getProductConfig('bmw-weekly')).toThrow('No scheme for the code bmw-weekly');
    expect(() => getProductConfig('toString')).toThrow('No scheme for the code toString');
  });

  it.each([
    [
      'a product without a scheme',
      { ...bmwBrandConfigData, products: { ...bmwBrandConfigData.products, 'bmw-x': flex } },
      /Product bmw-x has no scheme/,
    ],
    [
      'a scheme without a product',
      { ...bmwBrandConfigData, products: { 'bmw-flex': bmwBrandConfigData.products['bmw-flex'] } },
      /No product config for scheme bmw-driveaway/,
    ],
    [
      'an unknown cover code',
      {
        ...bmwBrandConfigData,
        products: {
          ...bmwBrandConfigData.products,
          'bmw-flex': {
            ...bmwBrandConfigData.products['bmw-flex'],
            assetTypes: [
              { type: 'Vehicle', core: true, includedCovers: ['teleport'], optionalCovers: [] },
            ],
          },
        },
      },
      /includedCovers/,
    ],
    [
      'an optional cover without inputs',
      {
        ...bmwBrandConfigData,
        products: {
          ...bmwBrandConfigData.products,
          'bmw-flex': {
            ...bmwBrandConfigData.products['bmw-flex'],
            assetTypes: [
              {
                type: 'Vehicle',
                core: true,
                includedCovers: ['windscreen'],
                optionalCovers: [{ code: 'legal_expenses', inputs: [] }],
              },
            ],
          },
        },
      },
      /No inputs found for optional cover legal_expenses/,
    ],
    [
      'an unknown validation rule in a disclosure',
      {
        ...bmwBrandConfigData,
        products: {
          ...bmwBrandConfigData.products,
          'bmw-flex': {
            ...bmwBrandConfigData.products['bmw-flex'],
            disclosures: {
              ...bmwBrandConfigData.products['bmw-flex'].disclosures,
              quote: [{ name: 'x', type: 'text', validation: { shout: true } }],
            },
          },
        },
      },
      /Unknown validation rule "shout"/,
    ],
    [
      'a bad policy term',
      {
        ...bmwBrandConfigData,
        products: {
          ...bmwBrandConfigData.products,
          'bmw-driveaway': {
            ...bmwBrandConfigData.products['bmw-driveaway'],
            policyTerm: '5 days',
          },
        },
      },
      /ISO 8601 duration/,
    ],
    [
      'a bad phone regex',
      {
        ...bmwBrandConfigData,
        formats: { ...bmwBrandConfigData.formats, phoneNumber: { prefix: '+44', regex: '[' } },
      },
      /Invalid regular expression/,
    ],
  ])('a broken config throws: %s', (_name, config, message) => {
    expect(() => parseFullBrandConfig(config)).toThrow(message);
  });
});

describe('schemes', () => {
  it('flex', () => {
    expect(flex).toMatchObject({
      urlName: 'flex',
      productKind: 'SUBSCRIPTION',
      policyNumberCode: 'FLX',
      paymentSchedules: ['MONTHLY'],
      checkoutMethod: 'DUAL',
      priceGuaranteeMonths: 12,
      policyTerm: 'P12M',
      free: false,
      iptRatePercent: 12,
      maxAdditionalDrivers: 4,
      earliestVehicleYear: 1934,
    });
  });

  it('driveaway', () => {
    expect(driveaway).toMatchObject({
      urlName: 'driveaway',
      productKind: 'DRIVEAWAY',
      policyTerm: 'P5D',
      free: true,
      maxPoliciesPerCustomer: 1,
      iptRatePercent: 12,
    });
    expect(driveaway.disclosures.quote.map((input) => input.name)).toEqual([
      'eligibilityConfirmed',
      'renewalMonth',
      'retailer',
    ]);
    expect(flex.disclosures.quote.map((input) => input.name)).toEqual(['eligibilityConfirmed']);
  });
});

describe('covers', () => {
  it('flex includes every cover and offers ncb_protection and legal_expenses', () => {
    const [vehicle] = flex.assetTypes;
    expect(vehicle?.includedCovers).toEqual([...INCLUDED_COVER_CODES]);
    expect(vehicle?.optionalCovers.map((cover) => cover.code)).toEqual([
      'ncb_protection',
      'legal_expenses',
    ]);
    const legal = vehicle?.optionalCovers.find((cover) => cover.code === 'legal_expenses');
    expect(legal).toMatchObject({
      limitPence: 10_000_000,
      excessPence: 0,
      documents: ['legal-ipid', 'legal-wording'],
    });
    expect(
      vehicle?.optionalCovers.find((cover) => cover.code === 'ncb_protection')?.minimumNcdYears,
    ).toBe(4);
  });

  it('driveaway lacks three covers and has no optional covers', () => {
    const [vehicle] = driveaway.assetTypes;
    expect(vehicle?.includedCovers).toEqual([...DRIVEAWAY_INCLUDED_COVER_CODES]);
    for (const code of ['foreign_travel', 'uninsured_driver_promise', 'drive_other_cars']) {
      expect(vehicle?.includedCovers).not.toContain(code);
    }
    expect(vehicle?.optionalCovers).toEqual([]);
  });

  it('reads optional cover inputs or throws the spec message', () => {
    expect(getOptionalCoverInputs(flex, 'legal_expenses')).toHaveLength(1);
    expect(() => getOptionalCoverInputs(driveaway, 'legal_expenses')).toThrow(
      'No inputs found for optional cover legal_expenses',
    );
  });
});

describe('excess, documents, checkout, cancellation, renewal', () => {
  it('voluntary excess in pence and endorsements', () => {
    expect(flex.excess.voluntaryExcess).toEqual([0, 10000, 20000, 30000, 40000, 50000]);
    expect(flex.excess.isAdjustable).toBe(true);
    expect(flex.excess.endorsements).toEqual([
      { code: 'DRVEXC_YOUNG', excessPence: 15000, description: 'Drivers under 25' },
      { code: 'DRVEXC_INEXP', excessPence: 5000, description: 'Licence held under 1 year' },
    ]);
    expect(flex.endorsements).toEqual(['DRVEXC_YOUNG', 'DRVEXC_INEXP']);
    expect(
      flex.disclosures.voluntaryExcess[0]?.meta.options?.map((option) => option.value),
    ).toEqual(flex.excess.voluntaryExcess);
  });

  it('documents per kind', () => {
    expect(flex.documents).toEqual({
      policy: ['policy-certificate', 'policy-schedule'],
      product: ['ipid', 'policy-wording'],
      covers: { legal_expenses: ['legal-ipid', 'legal-wording'] },
      static: ['business-terms'],
    });
  });

  it('checklist, cancellation, renewal, uploads', () => {
    expect(flex.checkoutChecklist[0]).toMatchObject({
      name: 'terms-and-conditions',
      type: 'checkbox',
      validation: { required: true, onlyAccept: true },
    });
    expect(flex.cancellation).toEqual({
      type: 'Standard',
      daysToDefer: 30,
      reasons: ['SoldNR', 'SoldMake', 'Price', 'Service', 'NotSuitable', 'Other'],
      coolingOff: { days: 14, countedFrom: 'Inception' },
    });
    expect(driveaway.cancellation.coolingOff).toBeUndefined();
    expect(flex.renewal.allowModifyAutoRenewal).toBe(true);
    expect(flex.uploads['ncb-proof']).toMatchObject({ maxSize: 10485760 });
    expect(
      flex.management.find((section) => section.type === 'additionalDrivers')
        ?.maxAdditionalProfiles,
    ).toBe(4);
  });
});

describe('brand settings', () => {
  it('features, tracking and account inputs', () => {
    // Spec 2 §9 (multiQuote on, allowModifyBillingDay on, axitechFnol off), but BMW offers the
    // online claim and says why.
    expect(bmwBrandConfig.features).toEqual({
      isAdmin: false,
      multiQuote: true,
      allowModifyBillingDay: true,
      axitechFnol: true,
    });
    expect(Object.keys(bmwBrandConfig.featureReasons ?? {})).toEqual(['axitechFnol']);
    expect(bmwBrandConfig.proposalTracking).toEqual([...TRACKING_PARAMETERS]);
    expect(bmwBrandConfig.accountInputs.map((input) => [input.name, input.readOnly])).toEqual([
      ['emailAccount', false],
      ['phoneNumberAccount', true],
      ['marketingPreferencesAccount', false],
    ]);
    expect(bmwBrandConfig.retrieve.inputs.map((input) => input.name)).toEqual([
      'externalReference',
      'postalCode',
      'dateOfBirth',
    ]);
    expect(bmwBrandConfig.earliestVehicleYear).toBe(1934);
  });

  const { formats } = bmwBrandConfig;
  it.each([
    ['1234567890', true],
    ['212345678', true],
    ['7700900123', true],
    ['770090012', false],
    ['3001234567', false],
  ])('phone %s (after +44) valid: %s', (national, expected) => {
    expect(formats.phoneNumber.prefix).toBe('+44');
    expect(new RegExp(formats.phoneNumber.regex).test(national)).toBe(expected);
  });

  it.each([
    ['SW1A 1AA', true],
    ['M1 1AE', true],
    ['sw1a 1aa', false],
    ['12345', false],
  ])('postcode %s valid: %s', (postcode, expected) => {
    expect(formats.postalCode.upperCase).toBe(true);
    expect(new RegExp(formats.postalCode.regex).test(postcode)).toBe(expected);
  });

  it.each([
    ['AB12 CDE', true],
    ['QA12 CDE', false],
    ['Q123 ABC', false],
  ])('registration %s valid: %s', (vrn, expected) => {
    expect(formats.vehicleRegistration.divider).toBe(' ');
    expect(isCompleteRegistration(vrn, formats.vehicleRegistration)).toBe(expected);
  });

  it.each([
    ['tok_ab', true],
    ['tok_a', false],
    ['card_abc', false],
  ])('card token %s valid: %s', (token, expected) => {
    expect(new RegExp(formats.cardToken.regex).test(token)).toBe(expected);
  });
});
