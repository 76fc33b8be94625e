import { describe, expect, it } from 'vitest';
import { BrandConfigSchema, parseBrandConfig, parseFullBrandConfig } from '@motor/brand-kit';
import { SPEC_FEATURES, type FeatureToggle } from '@motor/domain';
import { bmwBrandConfig, bmwBrandConfigData, brand } from './index';
import { bmwBrandData, bmwFeatures, bmwProposalTracking } from './bmw-brand';

describe('BMW brand configuration', () => {
  it('parses', () => {
    expect(BrandConfigSchema.safeParse(bmwBrandData).success).toBe(true);
    expect(brand.brandCode).toBe('bmw');
    expect(brand.theme.colours.primary).toBe('#1c69d4');
    expect(brand.contentBaseUrl).toBe('/content');
  });

  // The web app uses this data unparsed (./data), so parsing must not add defaults or transform it.
  it('is valid as shipped to the browser: parsing leaves it unchanged', () => {
    expect(parseBrandConfig(bmwBrandData)).toEqual(bmwBrandData);
    expect(bmwBrandConfig.features).toEqual(bmwFeatures);
    expect(bmwBrandConfig.proposalTracking).toEqual(bmwProposalTracking);
  });

  it('sets each feature as spec 2 §9 does, or says why not', () => {
    const withFeatures = (
      features: Partial<Record<FeatureToggle, boolean>>,
      featureReasons?: Record<string, string>,
    ) => ({ ...bmwBrandConfigData, features: { ...SPEC_FEATURES, ...features }, featureReasons });
    expect(() => parseFullBrandConfig(withFeatures({}))).not.toThrow();
    expect(() => parseFullBrandConfig(withFeatures({ axitechFnol: true }))).toThrow(
      'axitechFnol is on, not as spec 2 §9 sets it: say why',
    );
    expect(() =>
      parseFullBrandConfig(withFeatures({ multiQuote: false }, { multiQuote: ' ' })),
    ).toThrow('multiQuote is off, not as spec 2 §9 sets it: say why');
    expect(() =>
      parseFullBrandConfig(withFeatures({ multiQuote: false }, { multiQuote: 'One at a time.' })),
    ).not.toThrow();
    expect(() => parseFullBrandConfig(withFeatures({}, { multiQuote: 'One at a time.' }))).toThrow(
      'multiQuote is as spec 2 §9 sets it: no reason to give',
    );
  });

  it('has the flex and driveaway schemes', () => {
    expect(brand.schemes).toEqual([
      { schemeCode: 'bmw-flex', urlName: 'flex', productKind: 'SUBSCRIPTION', name: 'BMW Flex' },
      {
        schemeCode: 'bmw-driveaway',
        urlName: 'driveaway',
        productKind: 'DRIVEAWAY',
        name: 'BMW Driveaway',
      },
    ]);
  });

  it('has customer care contact details and staffed hours (issue 18)', () => {
    expect(bmwBrandConfig.support).toEqual({
      phone: '0800 000 0100',
      email: 'help@bmw-insurance.example',
      faqUrl: '/content/static/faq.html',
      hours: [
        { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '20:00' },
        { days: [6], opens: '09:00', closes: '17:00' },
      ],
    });
    const withHours = (hours: unknown) => ({
      ...bmwBrandData,
      support: { ...bmwBrandData.support, hours },
    });
    expect(() =>
      parseBrandConfig(withHours([{ days: [1], opens: '18:00', closes: '09:00' }])),
    ).toThrow('A period closes after it opens');
    expect(() =>
      parseBrandConfig(withHours([{ days: [8], opens: '09:00', closes: '17:00' }])),
    ).toThrow();
    expect(() =>
      parseBrandConfig(withHours([{ days: [1], opens: '9am', closes: '17:00' }])),
    ).toThrow('Expected a 24-hour time such as 08:00');
    expect(() => parseBrandConfig(withHours([]))).toThrow();
  });

  it('rejects a colour that is not hex', () => {
    const broken = {
      ...bmwBrandData,
      theme: { ...bmwBrandData.theme, colours: { ...bmwBrandData.theme.colours, primary: 'blue' } },
    };
    expect(() => parseBrandConfig(broken)).toThrow(/hex colour/);
  });

  it('rejects an unknown product kind and a missing app name', () => {
    const { appName: _appName, ...withoutName } = bmwBrandData;
    expect(BrandConfigSchema.safeParse(withoutName).success).toBe(false);
    const badKind = {
      ...bmwBrandData,
      schemes: [{ schemeCode: 'x', urlName: 'x', productKind: 'WEEKLY', name: 'X' }],
    };
    expect(BrandConfigSchema.safeParse(badKind).success).toBe(false);
  });

  it('rejects duplicate or reserved url names', () => {
    const duplicate = {
      ...bmwBrandData,
      schemes: [bmwBrandData.schemes[0], { ...bmwBrandData.schemes[1], urlName: 'flex' }],
    };
    expect(() => parseBrandConfig(duplicate)).toThrow(/Duplicate urlName flex/);
    const reserved = {
      ...bmwBrandData,
      schemes: [{ ...bmwBrandData.schemes[0], urlName: 'account' }],
    };
    expect(() => parseBrandConfig(reserved)).toThrow(/reserved/);
  });
});
