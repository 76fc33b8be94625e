// Issue 30 item 10: the money year. A seeded population of customers buys flex policies through
// the HTTP calls the browser makes (quote, agreements, the sandbox mandate and card pages, the
// providers' signed webhooks) and lives a year and its anniversaries: pays by Direct Debit, pays
// the first month by card, fails a first or a later Direct Debit, never settles, falls into
// arrears and is cancelled, cools off, cancels later, changes up and down, is backdated by staff,
// has the payment day moved, opts out, settles by phone, pays a balance twice. Every day the books
// must hold (test/money-year/invariants.ts): no cover past the NTU window without a settled first
// payment, every refund paid within 10 working days, every Direct Debit announced in time, every
// statement adding up as displayed, the providers' money equal to the ledger's cash postings, the
// auditor finding nothing, the ledger summing to zero. The same through an outage:
// money-year-outage.test.ts.
//
// 100 policies on PostgreSQL (CI's PostgreSQL pass) and on demand on PGlite; every behaviour once
// (17 policies) in the PGlite pass. 1,000: npm run bench:money-year.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { expectGolden } from './golden';
import { BEHAVIOURS } from './money-year/population';
import { firstOfBehaviour, simulateMoneyYear, type MoneyYearResult } from './money-year/year';
import { createTestDatabase } from './test-app';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const SIZE = Number(process.env.MONEY_YEAR_POLICIES ?? (ON_POSTGRES ? 100 : BEHAVIOURS.length));
const GOLDEN = {
  'cools off, having paid only by card': 'card-cooling-off-refund',
  'first Direct Debit fails': 'first-direct-debit-fails-ntu',
  'first month by card, the second by Direct Debit, then cools off':
    'refund-across-card-and-direct-debit',
} as const;

function expectBooksHeld(result: MoneyYearResult) {
  expect(result.refusedActions).toEqual([]);
  expect(result.breaches).toEqual([]);
  expect(result.unexpectedStatuses).toEqual([]);
}

describe(`the money year: ${SIZE} policies bought through the checkout (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: DatabaseHandle;
  let result: MoneyYearResult;

  beforeAll(async () => {
    handle = await createTestDatabase();
    result = await simulateMoneyYear(handle, { size: SIZE, keepStatementsOf: Object.keys(GOLDEN) });
  }, 1_800_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('has every behaviour in the book, each policy bought through the checkout', () => {
    expect(result.customers).toHaveLength(SIZE);
    const names = new Set(result.customers.map((customer) => customer.behaviour.name));
    expect([...names].sort()).toEqual(BEHAVIOURS.map((behaviour) => behaviour.name).sort());
    expect(result.customers.every((customer) => customer.policyNumber.startsWith('BMW-'))).toBe(
      true,
    );
  });

  it('keeps the books every day, and each policy ends as its customer behaved', () => {
    expectBooksHeld(result);
    // The statements were read whenever money moved: at least each account's monthly bills.
    expect(result.statementChecks).toBeGreaterThan(SIZE * 12);
    // Every step of every behaviour happened (a step waiting for money owed found it owed).
    const notDone = result.customers.filter(
      (customer) => customer.done.size !== customer.behaviour.steps.length,
    );
    expect(notDone.map((customer) => customer.policyNumber)).toEqual([]);
  });

  it('gives the statements and e-mails we expect for a card cooling-off, a first Direct Debit failed and a refund across card and Direct Debit', () => {
    for (const [behaviour, file] of Object.entries(GOLDEN)) {
      // Policy numbers are given in order of purchase, so they depend on the book's size.
      const { policyNumber } = firstOfBehaviour(result.customers, behaviour)!;
      const pinned = JSON.stringify({
        behaviour,
        statements: result.statements[behaviour],
        emails: result.emails[behaviour],
      }).replaceAll(policyNumber, 'BMW-FLX-NNNNNN');
      expectGolden(
        new URL(`./__golden__/money-year/${file}.json`, import.meta.url),
        JSON.parse(pinned),
      );
    }
  });
});
