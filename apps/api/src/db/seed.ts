import { systemClock } from '../clock';
import { seedDemoAdmin } from '../modules/identity/users';
import type { Db } from './client';
import { lookupRetailers } from './schema';

/**
 * Demo BMW retailers for the quote journey's retailer lookup. Invented names and codes at
 * plausible UK locations (real postcode districts), so a fresh `npm start` has something to pick.
 */
export const DEMO_RETAILERS = [
  { code: '10231', name: 'Aldgate BMW London City', postcode: 'EC3N 1AH', brand: 'bmw' },
  { code: '10457', name: 'Parkside BMW Birmingham', postcode: 'B5 4BU', brand: 'bmw' },
  { code: '10612', name: 'Deansgate BMW Manchester', postcode: 'M3 4LZ', brand: 'bmw' },
  { code: '10788', name: 'Kirkstall BMW Leeds', postcode: 'LS4 2AB', brand: 'bmw' },
  { code: '11024', name: 'Clydeside BMW Glasgow', postcode: 'G3 8AZ', brand: 'bmw' },
  { code: '11190', name: 'Portway BMW Bristol', postcode: 'BS11 9YA', brand: 'bmw' },
  { code: '11356', name: 'Tyne Bridge BMW Newcastle', postcode: 'NE8 2AT', brand: 'bmw' },
  { code: '11503', name: 'Cathays BMW Cardiff', postcode: 'CF24 0EB', brand: 'bmw' },
  { code: '11749', name: 'Leith Walk BMW Edinburgh', postcode: 'EH6 8RG', brand: 'bmw' },
  { code: '11862', name: 'Wharfside BMW Southampton', postcode: 'SO14 3HG', brand: 'bmw' },
  { code: '12037', name: 'Cowley Road BMW Oxford', postcode: 'OX4 2LQ', brand: 'bmw' },
  { code: '12215', name: 'Lisburn Road BMW Belfast', postcode: 'BT9 7GU', brand: 'bmw' },
] as const;

/**
 * Inserts the demo data that is missing and leaves existing rows alone (an operator may have
 * edited them), so it can run on every start.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db
    .insert(lookupRetailers)
    .values([...DEMO_RETAILERS])
    .onConflictDoNothing({ target: lookupRetailers.code });
  await seedDemoAdmin(db, systemClock);
}
