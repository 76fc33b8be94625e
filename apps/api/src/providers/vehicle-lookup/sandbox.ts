import { londonDateString, type Clock } from '@motor/domain';
import type { BrandVehicleCatalogue, CatalogueEntry } from './catalogue';
import { normaliseRegistration } from './registration';
import type {
  LookupVehicleSpecification,
  VehicleLookupProvider,
  VehicleMakeEntry,
  VehicleModelEntry,
} from './types';

/** bhp per kW: the catalogue holds kW, the specification answers bhp (see types.ts). */
const BHP_PER_KW = 1.341022;

/** Converts the catalogue's kW to bhp with one decimal, the unit of `enginePower`. */
export function convertKwToBhp(kw: number): number {
  return Math.round(kw * BHP_PER_KW * 10) / 10;
}

/** Maps a catalogue entry to the lookup answer; `vrn` set means it came from a registration. */
function toLookupSpecification(
  entry: CatalogueEntry,
  context: { year?: number | null; vrn?: string | null } = {},
): LookupVehicleSpecification {
  return {
    year: context.year ?? null,
    make: entry.make,
    model: entry.model,
    trim: entry.trim,
    vehicleCode: entry.vehicleCode,
    vrn: context.vrn ?? null,
    regLookup: Boolean(context.vrn),
    primaryFuel: entry.primaryFuel,
    secondaryFuel: entry.secondaryFuel,
    electricVehicleType: entry.electricVehicleType,
    bodyStyle: entry.bodyStyle,
    transmission: entry.transmission,
    driveTrain: entry.driveTrain,
    engineCapacity: entry.engineCapacity,
    engineLabel: entry.engineLabel,
    enginePower: convertKwToBhp(entry.enginePowerKw),
    numberOfSeats: entry.numberOfSeats,
    rangeStartYear: entry.rangeStartYear,
    rangeEndYear: entry.rangeEndYear,
    startDate: null,
    endDate: null,
    // Every combustion engine in the catalogue is turbocharged; electric cars have none.
    aspirationType: entry.engineCapacity === null ? null : 'Turbocharged',
    imported: false,
    grossWeight: null,
    insuranceGroup: entry.insuranceGroup,
    valuePence: entry.listValuePence,
    steering: entry.steering,
  };
}

function isSame(a: string, b: string): boolean {
  return a.localeCompare(b, 'en-GB', { sensitivity: 'accent' }) === 0;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en-GB', { numeric: true });

export type SandboxVehicleLookupOptions = {
  /** The brand's catalogue (parseVehicleCatalogue). */
  catalogue: BrandVehicleCatalogue;
  /** Caps models still in production at the current year; without it their range is open. */
  clock?: Clock;
};

/** The offline vehicle lookup over the curated catalogue and the demo registrations. */
export function createSandboxVehicleLookup(
  options: SandboxVehicleLookupOptions,
): VehicleLookupProvider {
  const { entries } = options.catalogue;
  const registrations = new Map(
    options.catalogue.registrations.map((demo) => [normaliseRegistration(demo.registration), demo]),
  );
  const byCode = new Map(entries.map((entry) => [entry.vehicleCode, entry]));
  const { clock } = options;

  const readLastYear = (entry: CatalogueEntry): number =>
    entry.rangeEndYear ??
    (clock ? Number(londonDateString(clock.now()).slice(0, 4)) : Number.POSITIVE_INFINITY);

  const isMadeIn = (entry: CatalogueEntry, year: number | undefined): boolean =>
    year === undefined || (entry.rangeStartYear <= year && year <= readLastYear(entry));

  return {
    async findVehicleByRegistration(vrn) {
      const normalised = normaliseRegistration(vrn);
      const demo = registrations.get(normalised);
      const entry = demo && byCode.get(demo.vehicleCode);
      if (!demo || !entry) return null;
      return toLookupSpecification(entry, { year: demo.year, vrn: normalised });
    },

    async listMakes(year) {
      const makes = new Set(entries.filter((e) => isMadeIn(e, year)).map((e) => e.make));
      return [...makes].sort(byText).map((make): VehicleMakeEntry => ({ make }));
    },

    async listModels({ make, year }) {
      const models = new Map<string, VehicleModelEntry>();
      for (const entry of entries) {
        if (!isSame(entry.make, make) || !isMadeIn(entry, year)) continue;
        const known = models.get(entry.model);
        if (!known) {
          models.set(entry.model, {
            make: entry.make,
            model: entry.model,
            rangeStartYear: entry.rangeStartYear,
            rangeEndYear: entry.rangeEndYear,
          });
          continue;
        }
        known.rangeStartYear = Math.min(known.rangeStartYear, entry.rangeStartYear);
        known.rangeEndYear =
          known.rangeEndYear === null || entry.rangeEndYear === null
            ? null
            : Math.max(known.rangeEndYear, entry.rangeEndYear);
      }
      return [...models.values()].sort((a, b) => byText(a.model, b.model));
    },

    async listSpecifications({ make, model, year }) {
      return entries
        .filter((e) => isSame(e.make, make) && isSame(e.model, model) && isMadeIn(e, year))
        .map((entry) => toLookupSpecification(entry, { year: year ?? null }))
        .sort(
          (a, b) =>
            byText(a.engineLabel ?? '', b.engineLabel ?? '') || byText(a.trim ?? '', b.trim ?? ''),
        );
    },

    async findSpecification(vehicleCode) {
      const entry = byCode.get(vehicleCode);
      return entry ? toLookupSpecification(entry) : null;
    },
  };
}
