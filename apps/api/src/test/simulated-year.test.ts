// Issue 17 "Checked by": a simulated year of a book of flex and driveaway policies moved by the
// clock (renewals, opt-outs, lapses, NTU, driveaway ends with an upgrade offer), the real jobs
// run every night and the invariants checked after each (simulated-year.ts). 100 policies in the
// suite, on PGlite and on PostgreSQL (TEST_DATABASE_URL); the book of 1,000 on PostgreSQL
// takes about a quarter of an hour here, so it runs on demand:
//   TEST_DATABASE_URL=postgres://… SIMULATED_YEAR_POLICIES=1000 npx vitest run --project api src/test/simulated-year.test.ts
// The figures are the bench's (npm run bench:year); nothing here is timed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { simulateYear, type InvariantBreaches, type YearResult } from './simulated-year';
import { createTestDatabase } from './test-app';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const SIZE = Number(process.env.SIMULATED_YEAR_POLICIES ?? 100);
const CLEAN: InvariantBreaches = {
  activeWithActiveRenewal: 0,
  renewedWithoutActiveRenewal: 0,
  expiredStillLive: 0,
  optedInLapsedWithOffer: 0,
  policiesWithTwoRenewals: 0,
  renewalsAboveNewBusiness: 0,
  unbalancedTransactions: 0,
  ledgerSumPence: 0,
  openAuditFindings: 0,
  jobsThatThrew: 0,
};

describe(`a simulated year of ${SIZE} policies (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: DatabaseHandle;
  let result: YearResult;
  const everyDay: InvariantBreaches[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    result = await simulateYear(handle, {
      size: SIZE,
      onDay: (_figures, breaches) => everyDay.push(breaches),
    });
  }, 1_200_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('holds every invariant after every night of the year', () => {
    expect(everyDay).toHaveLength(365);
    expect(result.breaches).toEqual([]);
    for (const breaches of everyDay) expect(breaches).toEqual(CLEAN);
  });

  it('moves the book through its lifecycle: renewals, lapses, NTU, driveaway ends and offers', () => {
    expect(result.policies).toBe(SIZE);
    const { book } = result;
    expect(Object.values(book).reduce((sum, n) => sum + n, 0)).toBe(SIZE);
    const {
      ACTIVE = 0,
      RENEWED = 0,
      LAPSED = 0,
      NTU = 0,
      CANCELLED = 0,
      PENDING = 0,
    } = result.finalStatuses;
    // Every policy of the book reached its end within the year: renewed, lapsed (opted out,
    // driveaway ended), not taken up or cancelled for non-payment. What is ACTIVE at the end is
    // renewals, at most one per renewed policy (a renewal whose first Direct Debit fails is not
    // taken up either).
    expect(RENEWED + LAPSED + NTU + CANCELLED).toBeGreaterThanOrEqual(SIZE);
    expect(ACTIVE).toBeGreaterThan(0);
    expect(ACTIVE).toBeLessThanOrEqual(RENEWED);
    expect(PENDING).toBe(0);
    // Every opted-in flex policy renewed; every opted-out one and every driveaway lapsed.
    expect(RENEWED).toBeGreaterThanOrEqual(book.FLEX_RENEWS);
    expect(LAPSED).toBeGreaterThanOrEqual(book.FLEX_OPTED_OUT + book.DRIVEAWAY);
    // The failing bank's policies end too: not taken up, or (having renewed before their first
    // payment was given up on) cancelled for non-payment once their grace ends.
    expect(NTU).toBeGreaterThan(0);
    expect(NTU + CANCELLED).toBeGreaterThanOrEqual(book.FLEX_NTU);
    // Every renewable policy was offered its renewal, and every driveaway its upgrade, once.
    expect(result.renewalsOffered).toBeGreaterThanOrEqual(book.FLEX_RENEWS + book.FLEX_OPTED_OUT);
    expect(result.upsellsOffered).toBe(book.DRIVEAWAY);
  });
});
