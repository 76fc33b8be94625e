import { z } from 'zod';

// Shared building blocks. Every money field in the entities is integer pence (PenceSchema), even
// where the spec's field name does not say so (premium, amountDue, accountBalance, excess, ...).

/** An amount of money in integer pence (negative = credit/refund). */
export const PenceSchema = z.number().int();
export type Pence = z.infer<typeof PenceSchema>;

/** A UTC instant as an ISO 8601 string with 'Z' or an offset. */
export const IsoInstantSchema = z.iso.datetime({ offset: true });
export type IsoInstant = z.infer<typeof IsoInstantSchema>;

/** A calendar date 'yyyy-MM-dd' (dates of birth, claim dates), read on the London calendar. */
export const IsoDateSchema = z.iso.date();
export type IsoDate = z.infer<typeof IsoDateSchema>;

/** An ISO 8601 duration with whole-number parts, e.g. 'P5D' (driveaway), 'P12M' (flex, annual). */
export const IsoDurationSchema = z
  .string()
  .regex(
    /^P(?!$)(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$/,
    'Invalid ISO 8601 duration',
  );
export type IsoDuration = z.infer<typeof IsoDurationSchema>;

/** Free-form answers of a disclosure (quote, profile or asset data), keyed by input name. */
export const DisclosureDataSchema = z.record(z.string(), z.unknown());
export type DisclosureData = z.infer<typeof DisclosureDataSchema>;

/** A lookup entry (occupation, industry, conviction, retailer). */
export const DataEntrySchema = z.object({ code: z.string(), name: z.string() });
export type DataEntry = z.infer<typeof DataEntrySchema>;

export const NameSchema = z.object({ firstName: z.string(), lastName: z.string() });
export type Name = z.infer<typeof NameSchema>;

export const SelectOptionSchema = z.object({ value: z.string(), text: z.string() });
export type SelectOption = z.infer<typeof SelectOptionSchema>;

/**
 * An address: a lookup result (id, text, description, type) or a full postal address; both
 * shapes share this schema, so every part is optional.
 */
export const AddressSchema = z.object({
  id: z.string().nullish(),
  text: z.string().nullish(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  label: z.string().nullish(),
  company: z.string().nullish(),
  department: z.string().nullish(),
  line1: z.string().nullish(),
  line2: z.string().nullish(),
  line3: z.string().nullish(),
  line4: z.string().nullish(),
  line5: z.string().nullish(),
  city: z.string().nullish(),
  postalCode: z.string().nullish(),
  countryName: z.string().nullish(),
  countryIso2: z.string().nullish(),
  countryIso3: z.string().nullish(),
});
export type Address = z.infer<typeof AddressSchema>;

/** Marketing consent per channel. */
export const MarketingPreferencesSchema = z.object({
  email: z.boolean(),
  phone: z.boolean(),
  sms: z.boolean(),
});
export type MarketingPreferences = z.infer<typeof MarketingPreferencesSchema>;
