import type { Brand } from '@motor/brand-kit';
import { systemClock } from '../clock';
import { seedDemoAdmin } from '../modules/identity';
import { seedRetailers } from '../modules/lookup';
import type { Db } from './client';

/**
 * Inserts the demo data (each brand's retailers, the demo admin) that is missing and leaves existing rows alone (an operator may have
 * edited them), so it can run on every start.
 */
export async function seedDemoData(db: Db, brands: readonly Brand[]): Promise<void> {
  await seedRetailers(db, brands);
  await seedDemoAdmin(db, systemClock);
}
