import { z } from 'zod';
import type { DataEntry } from '@motor/domain';
import { DRIVING_CONVICTIONS, type DrivingConviction } from './data/driving-convictions';
import { INDUSTRIES } from './data/industries';
import { OCCUPATIONS } from './data/occupations';

/** The lookup tables of spec 2 §7, spelled as the client names them. */
export const DATA_TABLE_NAMES = [
  'OccupationABI',
  'Industry',
  'DrivingConvictions',
  'BMWRetailers',
] as const;
export type DataTableName = (typeof DATA_TABLE_NAMES)[number];
export const DataTableNameSchema = z.enum(DATA_TABLE_NAMES);

type DataTable = {
  entries: readonly DataEntry[];
  /** Shorter queries answer nothing (spec 2 §9). */
  minimumCharacters: number;
  /** Also match the start of the code (conviction codes are typed as often as their text). */
  matchesCodePrefix: boolean;
};

/** Tables held in code; retailers are rows of the database (retailers.ts). */
type StaticTableName = Exclude<DataTableName, 'BMWRetailers'>;

/** Retailers are checked by whole 5-digit code, not browsed (spec 2 §5). */
const RETAILER_MINIMUM_CHARACTERS = 5;

const DATA_TABLES: Record<StaticTableName, DataTable> = {
  OccupationABI: { entries: OCCUPATIONS, minimumCharacters: 3, matchesCodePrefix: false },
  Industry: { entries: INDUSTRIES, minimumCharacters: 3, matchesCodePrefix: false },
  DrivingConvictions: {
    entries: DRIVING_CONVICTIONS,
    minimumCharacters: 2,
    matchesCodePrefix: true,
  },
};

export const DATA_SEARCH_DEFAULT_LIMIT = 50;

/** The minimum number of characters a search of `table` needs. */
export function getMinimumCharacters(table: DataTableName): number {
  if (table === 'BMWRetailers') return RETAILER_MINIMUM_CHARACTERS;
  return DATA_TABLES[table].minimumCharacters;
}

function toDataEntry(entry: DataEntry): DataEntry {
  return { code: entry.code, name: entry.name };
}

// Lower rank first: code prefix, then name prefix, then a word of the name, then anywhere.
function rankMatch(entry: DataEntry, needle: string, table: DataTable): number | null {
  if (table.matchesCodePrefix && entry.code.toLowerCase().startsWith(needle)) return 0;
  const name = entry.name.toLowerCase();
  const at = name.indexOf(needle);
  if (at === 0) return 1;
  if (at > 0 && /[\s(/-]/.test(name.charAt(at - 1))) return 2;
  if (at > 0) return 3;
  return null;
}

/**
 * Searches a table held in code, case-insensitively, by name (and by code for convictions); a
 * query below the table's minimum length answers an empty list.
 */
export function searchDataTable(options: {
  table: StaticTableName;
  query: string;
  limit?: number;
}): DataEntry[] {
  const { table: name, limit = DATA_SEARCH_DEFAULT_LIMIT } = options;
  const table = DATA_TABLES[name];
  const query = options.query.trim();
  if (query.length < table.minimumCharacters) return [];
  const needle = query.toLowerCase();
  return table.entries
    .flatMap((entry) => {
      const rank = rankMatch(entry, needle, table);
      return rank === null ? [] : [{ entry, rank }];
    })
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.rank === 0 ? a.entry.code.localeCompare(b.entry.code) : 0) ||
        a.entry.name.localeCompare(b.entry.name, 'en-GB'),
    )
    .slice(0, limit)
    .map(({ entry }) => toDataEntry(entry));
}

/** The entry of `table` with `code` (any case, surrounding spaces ignored), or null. */
export function findDataEntry(table: StaticTableName, code: string): DataEntry | null {
  const wanted = code.trim().toUpperCase();
  const entry = DATA_TABLES[table].entries.find((e) => e.code.toUpperCase() === wanted);
  return entry ? toDataEntry(entry) : null;
}

/** A DVLA endorsement code with its penalty points (for rating and underwriting), or null. */
export function findDrivingConviction(code: string): DrivingConviction | null {
  const wanted = code.trim().toUpperCase();
  return DRIVING_CONVICTIONS.find((conviction) => conviction.code === wanted) ?? null;
}
