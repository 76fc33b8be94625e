import { z } from 'zod';
import { ClaimStatusSchema } from '../enums/claim-schemas';
import { IsoDateSchema } from './common';

/** A claim on a policy (fetched by policy number). */
export const ClaimSchema = z.object({
  claimReference: z.string().min(1),
  claimType: z.string(),
  status: ClaimStatusSchema,
  insuredName: z.string(),
  occurredDate: IsoDateSchema,
});
export type Claim = z.infer<typeof ClaimSchema>;
