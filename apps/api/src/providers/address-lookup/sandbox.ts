import apiFixtures from '@ideal-postcodes/api-fixtures';
import { z } from 'zod';
import { AppError } from '../../errors';
import {
  ADDRESS_SEARCH_DEFAULT_LIMIT,
  type AddressLookupProvider,
  type AddressSearchResult,
  type PostalAddress,
} from './types';

// The sandbox answers from the real-format Royal Mail (PAF) records that ship in
// @ideal-postcodes/api-fixtures (about 125 distinct addresses over 11 postcodes, most of them
// student rooms at CV4 7AL). Ideal Postcodes' field names stop here: the rest of the service sees
// our Loqate-shaped contract only.

const ADDRESS_NOT_FOUND_MESSAGE = 'We could not find that address.';

const PafRecordSchema = z.object({
  postcode: z.string(),
  post_town: z.string(),
  organisation_name: z.string(),
  department_name: z.string(),
  line_1: z.string(),
  line_2: z.string(),
  line_3: z.string(),
  udprn: z.number(),
  umprn: z.union([z.string(), z.number()]),
  country: z.string(),
  thoroughfare: z.string(),
  dependant_thoroughfare: z.string(),
});
/** The Royal Mail (PAF) fields of an Ideal Postcodes record that the sandbox reads. */
export type PafRecord = z.infer<typeof PafRecordSchema>;

/** Every address record in the fixtures, each once (multiple-residence records keep their umprn). */
export function readFixtureRecords(): PafRecord[] {
  const { postcodes, addresses, udprn, umprn, address } = apiFixtures;
  const raw: unknown[] = [
    ...postcodes.success.body.result,
    ...postcodes.multipleResidence.success.body.result,
    ...addresses.success.body.result.hits,
    ...addresses.multipleResidence.success.body.result.hits,
    udprn.success.body.result,
    umprn.success.body.result,
    ...Object.values(address),
  ];
  const records = new Map<string, PafRecord>();
  for (const item of raw) {
    const record = PafRecordSchema.parse(item);
    const key = `${record.udprn}:${record.umprn}`;
    if (!records.has(key)) records.set(key, record);
  }
  return [...records.values()];
}

const SMALL_WORDS = new Set(['of', 'on', 'upon', 'the', 'in', 'by', 'under', 'le', 'la']);

/** Royal Mail post towns are upper case; Loqate answers them as 'Stoke-on-Trent', 'Isle of Man'. */
export function toTitleCase(town: string): string {
  let index = 0;
  return town.toLowerCase().replace(/[a-z']+/g, (word) => {
    const isFirst = index++ === 0;
    return !isFirst && SMALL_WORDS.has(word) ? word : word[0]?.toUpperCase() + word.slice(1);
  });
}

/** Postcodes compare without case or spaces ('cv47al' = 'CV4 7AL'). */
export function normalisePostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

type Country = { countryName: string; countryIso2: string; countryIso3: string };
const UNITED_KINGDOM: Country = {
  countryName: 'United Kingdom',
  countryIso2: 'GB',
  countryIso3: 'GBR',
};

// PAF also covers the Crown Dependencies, which are not part of the United Kingdom; answering
// their own ISO codes lets the "UK only (GBR)" rule of the address input refuse them.
function findCountry(record: PafRecord): Country {
  if (record.country === 'Isle of Man')
    return { countryName: 'Isle of Man', countryIso2: 'IM', countryIso3: 'IMN' };
  if (record.postcode.startsWith('JE'))
    return { countryName: 'Jersey', countryIso2: 'JE', countryIso3: 'JEY' };
  if (record.postcode.startsWith('GY'))
    return { countryName: 'Guernsey', countryIso2: 'GG', countryIso3: 'GGY' };
  return UNITED_KINGDOM;
}

const ADDRESS_ID_PREFIX = 'GB|RM|A|';
const POSTCODE_ID_PREFIX = 'GB|RM|PC|';

/** Maps one PAF record to our address: company and department apart, as Loqate does. */
function toPostalAddress(record: PafRecord): PostalAddress {
  const company = record.organisation_name.trim();
  const department = record.department_name.trim();
  const lines = [record.line_1, record.line_2, record.line_3]
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && line !== company && line !== department);
  const [line1 = '', line2 = '', line3 = '', line4 = '', line5 = ''] = lines;
  const city = toTitleCase(record.post_town);
  const postalCode = record.postcode;
  const hasUmprn = record.umprn !== '' && record.umprn !== 0;
  return {
    id: `${ADDRESS_ID_PREFIX}${record.udprn}${hasUmprn ? `|${record.umprn}` : ''}`,
    text: [company, ...lines].filter(Boolean).join(', '),
    description: `${city}, ${postalCode}`,
    type: 'Address',
    label: [company, department, ...lines, city, postalCode].filter(Boolean).join(', '),
    company,
    department,
    line1,
    line2,
    line3,
    line4,
    line5,
    city,
    postalCode,
    ...findCountry(record),
  };
}

function toSearchResult(address: PostalAddress): AddressSearchResult {
  const { id, text, description, type } = address;
  return { id, text, description, type };
}

const byLabel = (a: PostalAddress, b: PostalAddress) =>
  a.label.localeCompare(b.label, 'en-GB', { numeric: true });

// An outward code, optionally followed by (part of) the inward code: 'CV4', 'CV4 7', 'cv47al'.
const POSTCODE_LIKE = /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{0,2})?$/;

/** The offline address lookup over the Ideal Postcodes fixture records. */
export function createSandboxAddressLookup(
  options: { records?: readonly PafRecord[] } = {},
): AddressLookupProvider {
  const records = [...(options.records ?? readFixtureRecords())];
  const addresses = records.map(toPostalAddress).sort(byLabel);
  const byId = new Map(addresses.map((address) => [address.id, address]));
  const byPostcode = new Map<string, PostalAddress[]>();
  for (const address of addresses) {
    const key = normalisePostcode(address.postalCode);
    byPostcode.set(key, [...(byPostcode.get(key) ?? []), address]);
  }
  const streetOfPostcode = new Map<string, string>();
  for (const record of records) {
    const street = record.dependant_thoroughfare || record.thoroughfare;
    const key = normalisePostcode(record.postcode);
    if (street && !streetOfPostcode.has(key)) streetOfPostcode.set(key, street);
  }

  // Loqate's container line: 'CV4 7AL' / 'Gibbet Hill Road, Coventry - 110 Addresses'.
  const describePostcode = (postcode: string, inside: PostalAddress[]): AddressSearchResult => {
    const place = [streetOfPostcode.get(postcode), inside[0]?.city].filter(Boolean).join(', ');
    return {
      id: `${POSTCODE_ID_PREFIX}${postcode}`,
      text: inside[0]?.postalCode ?? postcode,
      description: `${place} - ${inside.length} Addresses`,
      type: 'Postcode',
    };
  };

  const findAddress = async (id: string) => byId.get(id) ?? null;

  return {
    async searchAddresses({ query, containerId, limit = ADDRESS_SEARCH_DEFAULT_LIMIT }) {
      if (containerId?.startsWith(POSTCODE_ID_PREFIX)) {
        const inside = byPostcode.get(containerId.slice(POSTCODE_ID_PREFIX.length)) ?? [];
        return inside.slice(0, limit).map(toSearchResult);
      }
      const text = query.trim();
      if (text === '') return [];

      const compact = normalisePostcode(text);
      const exact = byPostcode.get(compact);
      if (exact) return exact.slice(0, limit).map(toSearchResult);

      if (POSTCODE_LIKE.test(compact)) {
        const results: AddressSearchResult[] = [];
        for (const [postcode, inside] of byPostcode) {
          if (!postcode.startsWith(compact)) continue;
          const [only] = inside;
          results.push(
            inside.length === 1 && only ? toSearchResult(only) : describePostcode(postcode, inside),
          );
        }
        results.sort((a, b) => a.text.localeCompare(b.text, 'en-GB', { numeric: true }));
        if (results.length > 0) return results.slice(0, limit);
      }

      const words = text
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean);
      return addresses
        .filter((address) => {
          const haystack = address.label.toLowerCase();
          return words.every((word) => haystack.includes(word));
        })
        .slice(0, limit)
        .map(toSearchResult);
    },

    async getAddress(id) {
      const address = await findAddress(id);
      if (!address) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND_MESSAGE);
      return address;
    },

    findAddress,
  };
}
