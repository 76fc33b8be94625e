import { z } from 'zod';

// Our contract for address lookup, shaped like Loqate's Capture (Find → Retrieve) so a Loqate
// adapter maps field for field. Results of a search are either an address, or a postcode that
// groups several addresses (its id is a container to search within).

const ADDRESS_RESULT_TYPES = ['Address', 'Postcode'] as const;
const AddressResultTypeSchema = z.enum(ADDRESS_RESULT_TYPES);

/** One line of a search answer: `text` is the match, `description` where it is. */
export const AddressSearchResultSchema = z.object({
  id: z.string(),
  text: z.string(),
  description: z.string(),
  type: AddressResultTypeSchema,
});
export type AddressSearchResult = z.infer<typeof AddressSearchResultSchema>;

/**
 * A full postal address (the Address fields of spec 1 §3). Absent parts are empty strings, as
 * Loqate answers them; `label` is the one-line form built from the parts that are present.
 */
export const PostalAddressSchema = z.object({
  id: z.string(),
  text: z.string(),
  description: z.string(),
  type: z.literal('Address'),
  label: z.string(),
  company: z.string(),
  department: z.string(),
  line1: z.string(),
  line2: z.string(),
  line3: z.string(),
  line4: z.string(),
  line5: z.string(),
  city: z.string(),
  postalCode: z.string(),
  countryName: z.string(),
  countryIso2: z.string().length(2),
  countryIso3: z.string().length(3),
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

export const ADDRESS_SEARCH_DEFAULT_LIMIT = 100;

type AddressSearchOptions = {
  /** A postcode (any case and spacing) or free text; blank answers nothing. */
  query: string;
  /** The id of a Postcode result: answers the addresses inside it. */
  containerId?: string;
  /** Default ADDRESS_SEARCH_DEFAULT_LIMIT. */
  limit?: number;
};

/** What the address lookup offers the rest of the service. */
export type AddressLookupProvider = {
  /** Addresses and postcodes matching a postcode or free text. */
  searchAddresses(options: AddressSearchOptions): Promise<AddressSearchResult[]>;
  /** The full address of a search result; throws NOT_FOUND (AppError) for an unknown id. */
  getAddress(id: string): Promise<PostalAddress>;
  /** The full address of a search result, or null for an unknown id. */
  findAddress(id: string): Promise<PostalAddress | null>;
};
