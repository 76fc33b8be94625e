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

/**
 * A car's name for people: make, model, engine and trim ('BMW 3 Series 320i M Sport'), leaving
 * out a part another part already says ('M3' and 'Competition' within 'M3 Competition' give
 * 'BMW M3 Competition', not 'BMW M3 M3 Competition Competition'). Empty when nothing is known.
 */
export function describeVehicle(
  specification: { make?: unknown; model?: unknown; engineLabel?: unknown; trim?: unknown } | null,
): string {
  if (!specification) return '';
  const parts = [
    specification.make,
    specification.model,
    specification.engineLabel,
    specification.trim,
  ]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter((part) => part !== '');
  const saysAlready = (part: string, other: string) =>
    other !== part && ` ${other} `.includes(` ${part} `);
  return parts
    .filter((part, index) => !parts.some((other, at) => at !== index && saysAlready(part, other)))
    .filter((part, index, kept) => kept.indexOf(part) === index)
    .join(' ');
}
