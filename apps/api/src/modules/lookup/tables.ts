// The brand's retailers, loaded from the brand package by the seed.
import { sql } from 'drizzle-orm';
import { char, check, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The brand's retailers (dealers), offered by the "retailer" lookup in the quote journey.
 * `code` is the manufacturer's 5-digit retailer code, kept as text so leading zeros survive.
 */
export const lookupRetailers = pgTable(
  'lookup_retailers',
  {
    code: char('code', { length: 5 }).primaryKey(),
    name: text('name').notNull(),
    postcode: text('postcode').notNull(),
    /** The white-label brand the retailer sells for, e.g. `bmw`. */
    brand: text('brand').notNull(),
  },
  (table) => [
    index('lookup_retailers_brand_name_idx').on(table.brand, table.name),
    check('lookup_retailers_code_check', sql`${table.code} ~ '^[0-9]{5}$'`),
  ],
);
