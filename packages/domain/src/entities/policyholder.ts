import { z } from 'zod';
import { IsoDateSchema, MarketingPreferencesSchema } from './common';

export const PolicyholderSchema = z.object({
  accountRegistered: z.boolean(),
  email: z.email().nullish(),
  firstName: z.string(),
  lastName: z.string(),
  userId: z.string().nullish(),
  username: z.string(),
  connection: z.string().nullish(),
  companyName: z.string().nullish(),
  dateOfBirth: IsoDateSchema.nullish(),
  marketingPreferences: MarketingPreferencesSchema.nullish(),
});
export type Policyholder = z.infer<typeof PolicyholderSchema>;
