import type { DateInput } from '@motor/domain';
import type { RatingTable } from '@motor/brand-kit';
import { toLondonDay } from '@motor/domain';

/**
 * Returns the table version in force on the London day of `ratedAt`: the one with the latest
 * `effectiveFrom` not after that day. Throws when none is in force (a configuration error).
 */
export function selectRatingTable(options: {
  tables: readonly RatingTable[];
  ratedAt: DateInput;
}): RatingTable {
  const day = toLondonDay(options.ratedAt);
  let selected: RatingTable | undefined;
  for (const table of options.tables) {
    if (table.effectiveFrom > day) continue;
    if (!selected || table.effectiveFrom > selected.effectiveFrom) selected = table;
  }
  if (!selected) throw new Error(`No rating table is in force on ${day}`);
  return selected;
}
