import { describe, expect, it } from 'vitest';
import { enginePowerPs } from '@motor/domain';
import { bmwBrand } from '@motor/brand-bmw';
import { parseVehicleCatalogue, VehicleCatalogueSchema, type CatalogueEntry } from './catalogue';
import { findRegistrationYear } from './registration';
import { convertKwToBhp } from './sandbox';

// The BMW brand's catalogue (packages/brands/bmw/data/vehicles.json), as the sandbox reads it.
const { entries: VEHICLE_CATALOGUE, registrations: DEMO_REGISTRATIONS } = parseVehicleCatalogue(
  bmwBrand.vehicleCatalogue,
);

function getEntry(vehicleCode: string): CatalogueEntry {
  const entry = VEHICLE_CATALOGUE.find((e) => e.vehicleCode === vehicleCode);
  if (!entry) throw new Error(`no catalogue entry ${vehicleCode}`);
  return entry;
}

describe('vehicle catalogue', () => {
  it('passes its schema', () => {
    expect(VehicleCatalogueSchema.safeParse(VEHICLE_CATALOGUE).success).toBe(true);
  });

  it('has unique vehicle codes', () => {
    const codes = VEHICLE_CATALOGUE.map((e) => e.vehicleCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('rejects a duplicate vehicle code and a BEV with engine cc', () => {
    const [first] = VEHICLE_CATALOGUE;
    expect(VehicleCatalogueSchema.safeParse([first, first]).success).toBe(false);
    const bev = { ...getEntry('BMW-I4-E40-MSPORT'), engineCapacity: 1998 };
    expect(VehicleCatalogueSchema.safeParse([bev]).success).toBe(false);
  });

  it('covers the brief: at least 40 specifications and every required model', () => {
    expect(VEHICLE_CATALOGUE.length).toBeGreaterThanOrEqual(40);
    const models = new Set(VEHICLE_CATALOGUE.map((e) => `${e.make} ${e.model}`));
    for (const model of [
      'BMW 1 Series',
      'BMW 2 Series',
      'BMW 3 Series',
      'BMW 4 Series',
      'BMW 5 Series',
      'BMW X1',
      'BMW X3',
      'BMW X5',
      'BMW i4',
      'BMW iX',
      'BMW iX1',
      'BMW M3',
      'MINI Hatch',
      'MINI Countryman',
      'MINI Electric',
    ])
      expect(models).toContain(model);
  });

  it('leaves exactly one insurance group undetermined', () => {
    expect(VEHICLE_CATALOGUE.filter((e) => e.insuranceGroup === null)).toHaveLength(1);
  });

  it('is right-hand drive throughout', () => {
    expect(VEHICLE_CATALOGUE.every((e) => e.steering === 'RHD')).toBe(true);
  });

  it('turns kW into bhp that the domain shows as the published PS', () => {
    expect(enginePowerPs(convertKwToBhp(135))).toBe(184); // 320i
    expect(enginePowerPs(convertKwToBhp(100))).toBe(136); // MINI Cooper
    expect(enginePowerPs(convertKwToBhp(375))).toBe(510); // M3 Competition
  });
});

describe('demo registrations', () => {
  it.each(DEMO_REGISTRATIONS)('$registration maps to a catalogue entry made that year', (demo) => {
    const entry = getEntry(demo.vehicleCode);
    expect(demo.year).toBeGreaterThanOrEqual(entry.rangeStartYear);
    expect(demo.year).toBeLessThanOrEqual(entry.rangeEndYear ?? demo.year);
    expect(findRegistrationYear(demo.registration)).toBe(demo.year);
    expect(demo.registration.startsWith('Q')).toBe(false);
  });

  it('are unique and include the undetermined-group car', () => {
    const plates = DEMO_REGISTRATIONS.map((d) => d.registration);
    expect(new Set(plates).size).toBe(plates.length);
    const undetermined = DEMO_REGISTRATIONS.filter(
      (d) => getEntry(d.vehicleCode).insuranceGroup === null,
    );
    expect(undetermined).toHaveLength(1);
  });
});
