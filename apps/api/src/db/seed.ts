import type { Brand } from '@motor/brand-kit';
import { systemClock } from '../clock';
import { seedDemoAdmin } from '../modules/identity';
import type { Db } from './client';
import { lookupRetailers } from './schema';

/**
 * Inserts the demo data (each brand's retailers, the demo admin) that is missing and leaves existing rows alone (an operator may have
 * edited them), so it can run on every start.
 */
export async function seedDemoData(db: Db, brands: readonly Brand[]): Promise<void> {
  const retailers = brands.flatMap((brand) =>
    brand.retailers.map((retailer) => ({ ...retailer, brand: brand.code })),
  );
  await db
    .insert(lookupRetailers)
    .values(retailers)
    .onConflictDoNothing({ target: lookupRetailers.code });
  await seedDemoAdmin(db, systemClock);
}
