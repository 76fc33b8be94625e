import { z } from 'zod';
import { CancellationReasonSchema } from '../enums/answers';
import { CancellationTypeSchema, CoolingOffCountedFromSchema } from '../enums/policy-schemas';

/** Cooling-off days when the product does not say (docs/domain.md "Cooling-off"). */
export const DEFAULT_COOLING_OFF_DAYS = 14;

/** The cancellation part of a product configuration. */
export const CancellationConfigSchema = z.object({
  type: CancellationTypeSchema,
  /** Length of the cooling-off period in days (CoolingOff only). */
  days: z.number().int().positive().optional(),
  countedFrom: CoolingOffCountedFromSchema.optional(),
  daysToDefer: z.number().int().nonnegative().optional(),
  reasons: z.array(CancellationReasonSchema).optional(),
  /**
   * The cooling-off right of a Standard product (docs/domain.md "Cooling-off"): inside it the
   * cancel form is the cooling-off kind and everything taken is refunded; after it, the standard
   * form. Absent for a policy shorter than a month (driveaway), which has no cooling-off right.
   */
  coolingOff: z
    .object({ days: z.number().int().positive(), countedFrom: CoolingOffCountedFromSchema })
    .optional(),
});
export type CancellationConfig = z.infer<typeof CancellationConfigSchema>;
