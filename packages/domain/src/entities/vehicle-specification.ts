import { z } from 'zod';
import { IsoDateSchema } from './common';

/** A vehicle from the catalogue or a registration lookup (spec 1 §3). */
export const VehicleSpecificationSchema = z.object({
  year: z.number().int().nullish(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullish(),
  vehicleCode: z.string().nullish(),
  vrn: z.string().nullish(),
  regLookup: z.boolean().nullish(),
  primaryFuel: z.string().nullish(),
  secondaryFuel: z.string().nullish(),
  electricVehicleType: z.string().nullish(),
  bodyStyle: z.string().nullish(),
  transmission: z.string().nullish(),
  driveTrain: z.string().nullish(),
  /** Cubic centimetres. */
  engineCapacity: z.number().int().nonnegative().nullish(),
  engineLabel: z.string().nullish(),
  /** Brake horsepower as the catalogue holds it; shown in PS via enginePowerPs. */
  enginePower: z.number().nonnegative().nullish(),
  numberOfSeats: z.number().int().positive().nullish(),
  rangeStartYear: z.number().int().nullish(),
  rangeEndYear: z.number().int().nullish(),
  startDate: IsoDateSchema.nullish(),
  endDate: IsoDateSchema.nullish(),
  aspirationType: z.string().nullish(),
  imported: z.boolean().nullish(),
  /** Kilograms. */
  grossWeight: z.number().nonnegative().nullish(),
});
export type VehicleSpecification = z.infer<typeof VehicleSpecificationSchema>;

/** The vehicle answer of an asset disclosure. */
export const VehicleAnswerSchema = z.object({
  specification: VehicleSpecificationSchema.nullish(),
  vrn: z.string().nullish(),
  regLookup: z.boolean().nullish(),
});
export type VehicleAnswer = z.infer<typeof VehicleAnswerSchema>;
