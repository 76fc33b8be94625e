import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors';
import {
  createSandboxAddressLookup,
  normalisePostcode,
  readFixtureRecords,
  toTitleCase,
} from './sandbox';
import { AddressSearchResultSchema, PostalAddressSchema } from './types';

const lookup = createSandboxAddressLookup();

describe('address helpers', () => {
  it('normalise postcodes and title-case post towns', () => {
    expect(normalisePostcode(' sw1a 2aa ')).toBe('SW1A2AA');
    expect(toTitleCase('STOKE-ON-TRENT')).toBe('Stoke-on-Trent');
    expect(toTitleCase('ISLE OF MAN')).toBe('Isle of Man');
    expect(toTitleCase('LONDON')).toBe('London');
  });

  it('read every fixture record once', () => {
    const records = readFixtureRecords();
    expect(records.length).toBeGreaterThan(120);
    expect(new Set(records.map((r) => normalisePostcode(r.postcode))).size).toBe(11);
  });
});

describe('sandbox address lookup: search', () => {
  it.each(['SW1A 2AA', 'sw1a2aa', ' Sw1A 2aA '])(
    'finds Downing Street by postcode %j',
    async (query) => {
      const results = await lookup.searchAddresses({ query });
      expect(results).toEqual([
        {
          id: 'GB|RM|A|23747771',
          text: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street',
          description: 'London, SW1A 2AA',
          type: 'Address',
        },
      ]);
    },
  );

  it('answers every address of a postcode, numbered naturally', async () => {
    const withSpace = await lookup.searchAddresses({ query: 'CV4 7AL' });
    const withoutSpace = await lookup.searchAddresses({ query: 'cv47al' });
    expect(withSpace).toEqual(withoutSpace);
    expect(withSpace).toHaveLength(100); // the default limit; the postcode holds 110
    for (const result of withSpace)
      expect(AddressSearchResultSchema.parse(result).type).toBe('Address');
    const rooms = withSpace.map((r) => r.text).filter((t) => t.includes('Block 1 Arthur Vick'));
    expect(rooms.indexOf('Room 3, Block 1 Arthur Vick, Gibbet Hill Road')).toBeLessThan(
      rooms.indexOf('Room 11, Block 1 Arthur Vick, Gibbet Hill Road'),
    );
    expect(await lookup.searchAddresses({ query: 'CV4 7AL', limit: 500 })).toHaveLength(110);
  });

  it('answers postcode containers for a partial postcode, and opens them', async () => {
    const results = await lookup.searchAddresses({ query: 'e14 4' });
    expect(results).toEqual([
      {
        id: 'GB|RM|PC|E144HD',
        text: 'E14 4HD',
        description: 'Westferry Circus, London - 4 Addresses',
        type: 'Postcode',
      },
      {
        id: 'GB|RM|PC|E144HE',
        text: 'E14 4HE',
        description: 'Westferry Circus, London - 3 Addresses',
        type: 'Postcode',
      },
    ]);
    const inside = await lookup.searchAddresses({ query: '', containerId: 'GB|RM|PC|E144HE' });
    expect(inside.map((r) => r.text)).toEqual([
      'Civil Aviation Authority, 11 Westferry Circus',
      'Jones Lang Lasalle, 11 Westferry Circus',
      'Swisscanto Funds Centre Ltd, 11 Westferry Circus',
    ]);
  });

  it('finds addresses by free text, every word anywhere', async () => {
    const results = await lookup.searchAddresses({ query: 'quarry lane dungannon' });
    expect(results.map((r) => r.text)).toEqual([
      'Police Service Of Northern Ireland, 1 Quarry Lane',
    ]);
    expect(await lookup.searchAddresses({ query: 'Downing Street' })).toHaveLength(1);
    expect(await lookup.searchAddresses({ query: 'Westferry' })).toHaveLength(7);
  });

  it('answers nothing for a blank query or no match', async () => {
    expect(await lookup.searchAddresses({ query: '   ' })).toEqual([]);
    expect(await lookup.searchAddresses({ query: 'ZZ1 1ZZ' })).toEqual([]);
    expect(await lookup.searchAddresses({ query: 'nowhere street' })).toEqual([]);
  });
});

describe('sandbox address lookup: getAddress', () => {
  it('answers the Address fields of spec 1 §3', async () => {
    const address = await lookup.getAddress('GB|RM|A|23747771');
    expect(PostalAddressSchema.parse(address)).toEqual({
      id: 'GB|RM|A|23747771',
      text: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street',
      description: 'London, SW1A 2AA',
      type: 'Address',
      label: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A 2AA',
      company: 'Prime Minister & First Lord Of The Treasury',
      department: '',
      line1: '10 Downing Street',
      line2: '',
      line3: '',
      line4: '',
      line5: '',
      city: 'London',
      postalCode: 'SW1A 2AA',
      countryName: 'United Kingdom',
      countryIso2: 'GB',
      countryIso3: 'GBR',
    });
  });

  it('keeps every line of a multi-line address and its locality', async () => {
    const [result] = await lookup.searchAddresses({ query: 'G46 8NG' });
    const address = await lookup.getAddress(result?.id ?? '');
    expect(address).toMatchObject({
      company: 'Research Scotland',
      line1: '1 Spiersbridge Way',
      line2: 'Thornliebank',
      city: 'Glasgow',
      countryIso3: 'GBR',
    });
  });

  it('answers the Crown Dependencies with their own country codes', async () => {
    const [jersey] = await lookup.searchAddresses({ query: 'JE1 8SB' });
    expect(await lookup.getAddress(jersey?.id ?? '')).toMatchObject({
      countryName: 'Jersey',
      countryIso2: 'JE',
      countryIso3: 'JEY',
    });
    const [douglas] = await lookup.searchAddresses({ query: 'IM1 3AJ' });
    expect(await lookup.getAddress(douglas?.id ?? '')).toMatchObject({
      line1: 'Flat 1',
      line2: '134 Bucks Road',
      line3: 'Douglas',
      city: 'Isle of Man',
      countryIso3: 'IMN',
    });
  });

  it('resolves every search result, and throws NOT_FOUND for an unknown id', async () => {
    for (const result of await lookup.searchAddresses({ query: 'CV4 7AL', limit: 500 })) {
      expect((await lookup.getAddress(result.id)).postalCode).toBe('CV4 7AL');
    }
    expect(await lookup.findAddress('GB|RM|A|1')).toBeNull();
    const error = await lookup.getAddress('GB|RM|A|1').catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('NOT_FOUND');
  });
});
