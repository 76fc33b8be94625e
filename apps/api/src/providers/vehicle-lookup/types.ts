import { z } from 'zod';
import { PenceSchema, SteeringPositionSchema, VehicleSpecificationSchema } from '@motor/domain';

// Our contract for vehicle lookup. The sandbox answers from the brand's curated catalogue; a real adapter
// (DVLA Vehicle Enquiry for make, colour, fuel and first-registration date, plus a vehicle-data
// vendor for the trim, insurance group and value) maps its answers to these shapes, so callers
// never see a vendor field name.

/** A manufacturer's name as the brand's catalogue spells it (BMW, MINI, ...). */
export const VehicleMakeSchema = z.string().min(1).max(40);

const FUEL_TYPES = ['Petrol', 'Diesel', 'Electric'] as const;
export const FuelTypeSchema = z.enum(FUEL_TYPES);

/** BEV battery electric; PHEV plug-in hybrid (primary fuel petrol or diesel, secondary electric). */
const ELECTRIC_VEHICLE_TYPES = ['BEV', 'PHEV'] as const;
export const ElectricVehicleTypeSchema = z.enum(ELECTRIC_VEHICLE_TYPES);

const BODY_STYLES = [
  'Hatchback',
  'Saloon',
  'Estate',
  'Coupe',
  'Convertible',
  'SUV',
  'MPV',
] as const;
export const BodyStyleSchema = z.enum(BODY_STYLES);

const TRANSMISSIONS = ['Manual', 'Automatic'] as const;
export const TransmissionSchema = z.enum(TRANSMISSIONS);

const DRIVE_TRAINS = ['FWD', 'RWD', 'AWD'] as const;
export const DriveTrainSchema = z.enum(DRIVE_TRAINS);

export const INSURANCE_GROUP_MIN = 1;
export const INSURANCE_GROUP_MAX = 50;

/**
 * A vehicle specification as lookups answer it: the fields of spec 1 §3 plus what rating and
 * underwriting need. `enginePower` is in bhp, the unit `enginePowerPs` of @motor/domain expects.
 */
export const LookupVehicleSpecificationSchema = VehicleSpecificationSchema.extend({
  /** ABI group 1–50; null when it could not be determined (underwriting refers the quote). */
  insuranceGroup: z.number().int().min(INSURANCE_GROUP_MIN).max(INSURANCE_GROUP_MAX).nullable(),
  /** List price when new, in pence; null when unknown (the customer is asked for a value). */
  valuePence: PenceSchema.positive().nullable(),
  /** Null when unknown (the customer is asked for the steering position). */
  steering: SteeringPositionSchema.nullable(),
});
export type LookupVehicleSpecification = z.infer<typeof LookupVehicleSpecificationSchema>;

/** One make offered by the cascading vehicle selector. */
export const VehicleMakeEntrySchema = z.object({ make: z.string() });
export type VehicleMakeEntry = z.infer<typeof VehicleMakeEntrySchema>;

/** One model of a make, with the years it was manufactured (end null: still in production). */
export const VehicleModelEntrySchema = z.object({
  make: z.string(),
  model: z.string(),
  rangeStartYear: z.number().int(),
  rangeEndYear: z.number().int().nullable(),
});
export type VehicleModelEntry = z.infer<typeof VehicleModelEntrySchema>;

/** What the vehicle lookup offers the rest of the service. */
export type VehicleLookupProvider = {
  /** The vehicle registered under `vrn` (any case, spaces ignored), or null when unknown. */
  findVehicleByRegistration(vrn: string): Promise<LookupVehicleSpecification | null>;
  /** Makes with a model manufactured in `year` (every make when no year is given). */
  listMakes(year?: number): Promise<VehicleMakeEntry[]>;
  /** Models of `make` manufactured in `year` (all years when none is given); empty if none. */
  listModels(options: { make: string; year?: number }): Promise<VehicleModelEntry[]>;
  /** Trims and engines of one model manufactured in `year`; `year` is copied into each answer. */
  listSpecifications(options: {
    make: string;
    model: string;
    year?: number;
  }): Promise<LookupVehicleSpecification[]>;
  /** One specification by its stable vehicleCode, or null. */
  findSpecification(vehicleCode: string): Promise<LookupVehicleSpecification | null>;
};
