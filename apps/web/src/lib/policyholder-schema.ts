import { z } from 'zod';
import { MarketingPreferencesSchema } from '@motor/domain';

// GET/PATCH /api/policyholder: the account settings (loaded by policyholder.ts with the answer).
// The consents per channel are the domain's own.
export type { MarketingPreferences } from '@motor/domain';

export const PolicyholderSchema = z.object({
  userId: z.string(),
  connection: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  marketingPreferences: MarketingPreferencesSchema,
});
export type Policyholder = z.infer<typeof PolicyholderSchema>;
