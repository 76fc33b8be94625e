import { z } from 'zod';
import { SteeringPositionSchema } from '@motor/domain';
import {
  BodyStyleSchema,
  DriveTrainSchema,
  ElectricVehicleTypeSchema,
  FuelTypeSchema,
  INSURANCE_GROUP_MAX,
  INSURANCE_GROUP_MIN,
  TransmissionSchema,
  VehicleMakeSchema,
} from './types';

// What a brand's vehicle catalogue must look like: the sandbox vehicle lookup answers from the
// brand's curated specifications and demo registrations (no package ships UK makes, models,
// trims and insurance groups). The data lives in the brand package (BMW: data/vehicles.json).

/** One specification in the catalogue, as curated. */
const CatalogueEntrySchema = z
  .object({
    /** Stable id; proposals store it, so never reuse or renumber one. */
    vehicleCode: z.string().regex(/^[A-Z0-9]+(-[A-Z0-9]+)+$/),
    make: VehicleMakeSchema,
    model: z.string().min(1),
    trim: z.string().min(1),
    engineLabel: z.string().min(1),
    rangeStartYear: z.number().int().min(1934),
    /** Null while still in production. */
    rangeEndYear: z.number().int().nullable(),
    primaryFuel: FuelTypeSchema,
    secondaryFuel: FuelTypeSchema.nullable().default(null),
    electricVehicleType: ElectricVehicleTypeSchema.nullable().default(null),
    bodyStyle: BodyStyleSchema,
    transmission: TransmissionSchema,
    driveTrain: DriveTrainSchema,
    /** Cubic centimetres; null for battery electric cars (no combustion engine). */
    engineCapacity: z.number().int().positive().nullable(),
    /** Kilowatts as the manufacturer publishes them (system output for hybrids). */
    enginePowerKw: z.number().positive(),
    numberOfSeats: z.number().int().min(1).max(9),
    insuranceGroup: z.number().int().min(INSURANCE_GROUP_MIN).max(INSURANCE_GROUP_MAX).nullable(),
    listValuePence: z.number().int().positive(),
    steering: SteeringPositionSchema.default('RHD'),
  })
  .superRefine((entry, context) => {
    const problem = (message: string) => context.addIssue({ code: 'custom', message });
    if (entry.rangeEndYear !== null && entry.rangeEndYear < entry.rangeStartYear)
      problem(`${entry.vehicleCode}: rangeEndYear before rangeStartYear`);
    if (entry.electricVehicleType === 'BEV') {
      if (entry.primaryFuel !== 'Electric' || entry.secondaryFuel !== null)
        problem(`${entry.vehicleCode}: a BEV runs on electricity only`);
      if (entry.engineCapacity !== null) problem(`${entry.vehicleCode}: a BEV has no engine cc`);
    } else if (entry.electricVehicleType === 'PHEV') {
      if (entry.primaryFuel === 'Electric' || entry.secondaryFuel !== 'Electric')
        problem(`${entry.vehicleCode}: a PHEV burns fuel and has electric as secondary fuel`);
      if (entry.engineCapacity === null) problem(`${entry.vehicleCode}: a PHEV has engine cc`);
    } else {
      if (entry.primaryFuel === 'Electric' || entry.secondaryFuel !== null)
        problem(`${entry.vehicleCode}: electric fuel needs an electricVehicleType`);
      if (entry.engineCapacity === null) problem(`${entry.vehicleCode}: engine cc missing`);
    }
  });
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;

/** The whole catalogue: vehicle codes are unique. */
export const VehicleCatalogueSchema = z
  .array(CatalogueEntrySchema)
  .superRefine((entries, context) => {
    const seen = new Set<string>();
    for (const entry of entries) {
      if (seen.has(entry.vehicleCode))
        context.addIssue({ code: 'custom', message: `duplicate vehicleCode ${entry.vehicleCode}` });
      seen.add(entry.vehicleCode);
    }
  });

/** A demo registration: what the sandbox answers for a registration lookup. */
const DemoRegistrationSchema = z.object({
  /** As printed on the plate (memory tag, age identifier, space, random letters). */
  registration: z.string().regex(/^(?!Q)[A-Z]{2}\d{2} [A-Z]{3}$/),
  vehicleCode: z.string(),
  /** Year of first registration. */
  year: z.number().int(),
});

/** A brand's vehicle catalogue: the curated specifications and the demo registrations. */
const BrandVehicleCatalogueSchema = z
  .object({
    entries: VehicleCatalogueSchema,
    registrations: z.array(DemoRegistrationSchema),
  })
  .superRefine(({ entries, registrations }, context) => {
    const codes = new Set(entries.map((entry) => entry.vehicleCode));
    for (const demo of registrations) {
      if (!codes.has(demo.vehicleCode))
        context.addIssue({
          code: 'custom',
          message: `${demo.registration}: no catalogue entry ${demo.vehicleCode}`,
        });
    }
  });
export type BrandVehicleCatalogue = z.infer<typeof BrandVehicleCatalogueSchema>;

/** Validates a brand's catalogue data (a bad edit fails at start-up, naming the entry). */
export function parseVehicleCatalogue(data: unknown): BrandVehicleCatalogue {
  const result = BrandVehicleCatalogueSchema.safeParse(data);
  if (!result.success) {
    throw new Error(`Invalid vehicle catalogue:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
