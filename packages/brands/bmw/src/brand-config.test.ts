import { describe, expect, it } from 'vitest';
import { BrandConfigSchema, parseBrandConfig } from '@motor/brand-kit';
import { bmwBrandConfig, brand } from './index';
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
