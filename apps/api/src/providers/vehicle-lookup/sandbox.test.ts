import { describe, expect, it } from 'vitest';
import { createFixedClock } from '@motor/domain';
import { bmwBrand } from '@motor/brand-bmw';
import { parseVehicleCatalogue } from './catalogue';
import { findRegistrationYear, normaliseRegistration } from './registration';
import { createSandboxVehicleLookup } from './sandbox';
import { LookupVehicleSpecificationSchema } from './types';

const catalogue = parseVehicleCatalogue(bmwBrand.vehicleCatalogue);
const DEMO_REGISTRATIONS = catalogue.registrations;
const lookup = createSandboxVehicleLookup({
  catalogue,
  clock: createFixedClock('2026-01-15T09:00:00Z'),
});

describe('registration helpers', () => {
  it('normalise case, spaces and hyphens', () => {
    expect(normaliseRegistration(' bm24 xyz ')).toBe('BM24XYZ');
    expect(normaliseRegistration('BM24-XYZ')).toBe('BM24XYZ');
  });

  it('read the year from a current-style age identifier', () => {
    expect(findRegistrationYear('BM24 XYZ')).toBe(2024);
    expect(findRegistrationYear('LB69KRT')).toBe(2019);
    expect(findRegistrationYear('A123 BCD')).toBeNull();
  });
});

describe('sandbox vehicle lookup: registrations', () => {
  it.each(DEMO_REGISTRATIONS)('resolves $registration', async (demo) => {
    const vehicle = await lookup.findVehicleByRegistration(demo.registration);
    expect(vehicle).not.toBeNull();
    expect(LookupVehicleSpecificationSchema.parse(vehicle)).toMatchObject({
      vehicleCode: demo.vehicleCode,
      year: demo.year,
      vrn: normaliseRegistration(demo.registration),
      regLookup: true,
      steering: 'RHD',
    });
  });

  it('ignores case and spaces', async () => {
    const vehicle = await lookup.findVehicleByRegistration('  bm24xyz');
    expect(vehicle).toMatchObject({
      make: 'BMW',
      model: '3 Series',
      trim: 'M Sport',
      engineLabel: '320i',
      engineCapacity: 1998,
      primaryFuel: 'Petrol',
      vrn: 'BM24XYZ',
    });
  });

  it('answers null for an unknown registration', async () => {
    expect(await lookup.findVehicleByRegistration('ZZ99 ZZZ')).toBeNull();
  });

  it('answers a null insurance group for the undetermined demo car', async () => {
    const vehicle = await lookup.findVehicleByRegistration('RJ23 SEV');
    expect(vehicle?.insuranceGroup).toBeNull();
    expect(vehicle?.valuePence).toBeGreaterThan(0);
  });

  it('describes hybrids and battery electric cars', async () => {
    expect(await lookup.findVehicleByRegistration('YR70FPL')).toMatchObject({
      primaryFuel: 'Petrol',
      secondaryFuel: 'Electric',
      electricVehicleType: 'PHEV',
    });
    expect(await lookup.findVehicleByRegistration('WR73BKE')).toMatchObject({
      primaryFuel: 'Electric',
      secondaryFuel: null,
      electricVehicleType: 'BEV',
      engineCapacity: null,
      aspirationType: null,
    });
  });
});

describe('sandbox vehicle lookup: cascading selection', () => {
  it('lists both makes, and none before the oldest model', async () => {
    expect(await lookup.listMakes()).toEqual([{ make: 'BMW' }, { make: 'MINI' }]);
    expect(await lookup.listMakes(2021)).toEqual([{ make: 'BMW' }, { make: 'MINI' }]);
    expect(await lookup.listMakes(1990)).toEqual([]);
  });

  it('narrows models by year, matching the make in any case', async () => {
    const models2019 = (await lookup.listModels({ make: 'bmw', year: 2019 })).map((m) => m.model);
    expect(models2019).toEqual(['1 Series', '3 Series', '5 Series', 'X1', 'X3', 'X5']);
    const models2024 = (await lookup.listModels({ make: 'BMW', year: 2024 })).map((m) => m.model);
    expect(models2024).toContain('iX1');
  });

  it('has no models for a year with none', async () => {
    expect(await lookup.listModels({ make: 'BMW', year: 2010 })).toEqual([]);
    expect(await lookup.listModels({ make: 'Audi', year: 2022 })).toEqual([]);
  });

  it('caps models in production at the current year of the clock', async () => {
    expect(await lookup.listModels({ make: 'BMW', year: 2027 })).toEqual([]);
    const open = createSandboxVehicleLookup({ catalogue });
    expect((await open.listModels({ make: 'BMW', year: 2027 })).length).toBeGreaterThan(0);
  });

  it('merges the year range of a model over its generations', async () => {
    const [x3] = (await lookup.listModels({ make: 'BMW' })).filter((m) => m.model === 'X3');
    expect(x3).toEqual({ make: 'BMW', model: 'X3', rangeStartYear: 2017, rangeEndYear: null });
  });

  it('narrows specifications to one model and year, carrying the year', async () => {
    const specs = await lookup.listSpecifications({ make: 'MINI', model: 'electric', year: 2023 });
    expect(specs.map((s) => s.vehicleCode)).toEqual([
      'MINI-F56E-SE-LEVEL1',
      'MINI-F56E-SE-LEVEL3',
      'MINI-F56E-SE-RESOLUTE',
    ]);
    for (const spec of specs) {
      expect(LookupVehicleSpecificationSchema.parse(spec)).toMatchObject({
        year: 2023,
        regLookup: false,
        vrn: null,
      });
    }
    const in2024 = await lookup.listSpecifications({ make: 'MINI', model: 'Electric', year: 2024 });
    expect(in2024.map((s) => s.vehicleCode)).toEqual(['MINI-J01-E-CLASSIC', 'MINI-J01-SE-SPORT']);
  });

  it('finds a specification by vehicle code', async () => {
    expect(await lookup.findSpecification('BMW-G80-M3-COMP')).toMatchObject({ model: 'M3' });
    expect(await lookup.findSpecification('NOPE')).toBeNull();
  });
});
