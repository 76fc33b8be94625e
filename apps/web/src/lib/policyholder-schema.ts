import { z } from 'zod';

// GET/PATCH /api/policyholder: the account settings (loaded by policyholder.ts with the answer).
export const MarketingPreferencesSchema = z.object({
  email: z.boolean(),
  phone: z.boolean(),
  sms: z.boolean(),
});
export type MarketingPreferences = z.infer<typeof MarketingPreferencesSchema>;

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
