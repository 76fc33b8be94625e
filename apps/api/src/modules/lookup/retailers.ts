import { and, eq } from 'drizzle-orm';
import type { Brand } from '@motor/brand-kit';
import type { DataEntry } from '@motor/domain';
import type { Db } from '../../db/client';
import { lookupRetailers } from './tables';

// The brands' retailers live in one place: the `lookup_retailers` table (seeded from each brand
// package's retailers by db/seed.ts, editable by operators without a release). The lookup route and the proposal's
// retailer answer both read it here.

export const RETAILER_CODE_PATTERN = /^\d{5}$/;
export const RETAILER_NOT_FOUND_MESSAGE = 'We could not find that retailer';

/** The retailer with this 5-digit code for the brand, as a data entry, or null. */
export async function findRetailer(
  db: Db,
  options: { code: string; brand: string },
): Promise<DataEntry | null> {
  const code = options.code.trim();
  if (!RETAILER_CODE_PATTERN.test(code)) return null;
  const [row] = await db
    .select({ code: lookupRetailers.code, name: lookupRetailers.name })
    .from(lookupRetailers)
    .where(and(eq(lookupRetailers.code, code), eq(lookupRetailers.brand, options.brand)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts each brand's retailers that are missing and leaves existing rows alone (an operator may
 * have edited them), so the seed can run on every start.
 */
export async function seedRetailers(db: Db, brands: readonly Brand[]): Promise<void> {
  const retailers = brands.flatMap((brand) =>
    brand.retailers.map((retailer) => ({ ...retailer, brand: brand.code })),
  );
  await db
    .insert(lookupRetailers)
    .values(retailers)
    .onConflictDoNothing({ target: lookupRetailers.code });
}
