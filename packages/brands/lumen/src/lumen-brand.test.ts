import { describe, expect, it } from 'vitest';
import { parseBrandConfig } from '@motor/brand-kit';
import shell from './lumen-shell';
import { lumenBrand } from './index';

describe('the Lumen brand (a second brand as data)', () => {
  it('validates, with its own schemes, insurer and rating tables', () => {
    expect(lumenBrand.code).toBe('lumen');
    expect(lumenBrand.schemeCodes).toEqual(['lumen-monthly', 'lumen-collect']);
    expect(lumenBrand.getProductConfig('lumen-monthly').mainInsurer).toBe(
      'Meridian Mutual Insurance Ltd',
    );
    expect(lumenBrand.ratingTables[0]?.version).toBe('lumen-2026-01');
    expect(Object.keys(lumenBrand.ratingTables[0]?.schemes ?? {})).toEqual([
      'lumen-monthly',
      'lumen-collect',
    ]);
  });

  it('ships its web shell as data that parsing leaves unchanged', () => {
    expect(parseBrandConfig(shell.config)).toEqual(shell.config);
    expect(shell.config.logoSvg).toMatch(/^<svg/);
  });

  it('turns multiQuote off and says why; its other features are as spec 2 §9 sets them', () => {
    expect(lumenBrand.config.features).toEqual({
      isAdmin: false,
      multiQuote: false,
      allowModifyBillingDay: true,
      axitechFnol: false,
    });
    expect(Object.keys(lumenBrand.config.featureReasons ?? {})).toEqual(['multiQuote']);
  });

  it('asks the retailer only in its driveaway product', () => {
    const names = (schemeCode: string) =>
      lumenBrand.getDisclosureInputs({ schemeCode, target: 'quote' }).map((input) => input.name);
    expect(names('lumen-monthly')).toEqual(['eligibilityConfirmed']);
    expect(names('lumen-collect')).toEqual(['eligibilityConfirmed', 'renewalMonth', 'retailer']);
  });
});
