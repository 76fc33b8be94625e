import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/use-test-database';
import { lookupRetailers } from './schema';
import { TEST_BRANDS } from '../test/test-brands';
import { seedDemoData } from './seed';

const DEMO_RETAILERS = TEST_BRANDS.flatMap((brand) => brand.retailers);

describe('demo data', () => {
  const database = useTestDatabase();

  it('has about ten plausible BMW retailers with unique 5-digit codes', () => {
    expect(DEMO_RETAILERS.length).toBeGreaterThanOrEqual(10);
    const codes = DEMO_RETAILERS.map((retailer) => retailer.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const retailer of DEMO_RETAILERS) {
      expect(retailer.code).toMatch(/^\d{5}$/);
      expect(retailer.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
      expect(retailer.name).toContain('BMW');
    }
  });

  it('can be applied on every start: missing rows are added, existing ones left alone', async () => {
    await seedDemoData(database.handle.db, TEST_BRANDS);
    const [first, second] = DEMO_RETAILERS;
    if (!first || !second) throw new Error('the test brand has fewer than two retailers');
    await database.handle.db
      .update(lookupRetailers)
      .set({ name: 'Renamed by an operator' })
      .where(eq(lookupRetailers.code, first.code));
    await database.handle.db.delete(lookupRetailers).where(eq(lookupRetailers.code, second.code));

    await seedDemoData(database.handle.db, TEST_BRANDS);

    const rows = await database.handle.db.select().from(lookupRetailers);
    expect(rows).toHaveLength(DEMO_RETAILERS.length);
    expect(rows.find((row) => row.code === first.code)?.name).toBe('Renamed by an operator');
    expect(rows.some((row) => row.code === second.code)).toBe(true);
  });
});
