// The money year (issue 30 item 10): a seeded population of customers (population.ts) buys flex
// policies through the checkout's HTTP calls (customer.ts) over the first weeks, then lives a
// year and a little more (everyone's anniversary) on an injected clock. Each day at 10:00 UTC the
// day's purchases and customers' actions happen, the real job runner runs everything due until
// nothing is (invoices, Direct Debits and their notices, the sandbox bank's answers as signed
// webhooks, retries, arrears, NTU, refunds, renewals, the auditor), and the books are checked
// (invariants.ts). A jump moves the clock weeks at once, as after an outage: the jobs catch up in
// order and the same checks hold. No test framework here: the test and the bench both call it.
import { getProductConfig } from '@motor/brand-bmw';
import type { StatementResponse } from '@motor/contract';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import type { DatabaseHandle } from '../../db/client';
import { seedDemoData } from '../../db/seed';
import { runDueJobs } from '../../modules/jobs/runner';
import { createYearApp } from '../simulated-year';
import { TEST_BRANDS } from '../test-brands';
import { act, buyPolicy, readAccount, readPolicy, type Customer } from './customer';
import {
  accountsMovedSince,
  checkMoney,
  isClean,
  readEmailsAbout,
  readCustomerStatements,
  type KeptEmail,
  type MoneyBreaches,
} from './invariants';
import { drawPopulation } from './population';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export type MoneyYearOptions = {
  size: number;
  seed?: number;
  /** Days purchases are spread over (default 28: every payment day of a month). */
  purchaseDays?: number;
  /** Days lived (default: past every anniversary, so renewals and lapses happen). */
  days?: number;
  /** The first day (default Wednesday 1 April 2026). */
  start?: string;
  /** On `day`, the clock jumps `days` ahead at once and the jobs catch up. */
  jump?: { day: number; days: number };
  /** Behaviours whose first customer's statements are kept at the end (golden files). */
  keepStatementsOf?: string[];
  /** Told of each day's checks (the bench prints progress). */
  onDay?: (day: number, date: string, breaches: MoneyBreaches) => void;
};

export type MoneyYearResult = {
  customers: Customer[];
  days: number;
  buyMs: number;
  jobMs: number;
  checkMs: number;
  jobsRun: number;
  /** Accounts whose statements were read and checked, summed over the days. */
  statementChecks: number;
  /** Each day the books did not hold, with what broke. */
  breaches: { date: string; breaches: MoneyBreaches }[];
  /** A customer's call the app refused (a behaviour the app could not serve). */
  refusedActions: string[];
  /** Each customer's policy status at the end, by behaviour. */
  statuses: Record<string, Record<string, number>>;
  /** Customers whose policy ended other than their behaviour says. */
  unexpectedStatuses: string[];
  /** The kept statements at the end, by behaviour. */
  statements: Record<string, StatementResponse[]>;
  /** The e-mails about the same customers' policies, oldest first, by behaviour. */
  emails: Record<string, KeptEmail[]>;
};

/**
 * The behaviour's first customer in the population (the one every book has, on the same day
 * whatever its size), not the first to buy: the pinned statements are this customer's.
 */
export function firstOfBehaviour(customers: Customer[], name: string): Customer | undefined {
  return customers
    .filter((customer) => customer.behaviour.name === name)
    .sort((a, b) => a.index - b.index)[0];
}

/**
 * Runs every job due, and what they queue, until none is; answers how many ran. One at a time, so
 * that jobs run in the same order on both databases: a refund whose payment settles in a webhook
 * of this run is sent by the refund job's next run (the next day here; within 15 minutes on a
 * server), not sooner or later as concurrent jobs happen to interleave.
 */
async function runUntilIdle(app: App): Promise<number> {
  let total = 0;
  for (;;) {
    const ran = await runDueJobs(app, { limit: 1_000 });
    total += ran;
    if (ran === 0) return total;
  }
}

export async function simulateMoneyYear(
  handle: DatabaseHandle,
  options: MoneyYearOptions,
): Promise<MoneyYearResult> {
  const purchaseDays = options.purchaseDays ?? 28;
  const days = options.days ?? purchaseDays + 372;
  const start = Date.parse(options.start ?? '2026-04-01T10:00:00.000Z');
  const clock = createTestClock(new Date(start));
  await seedDemoData(handle.db, TEST_BRANDS);
  const app = await createYearApp(handle, clock);
  const noticeWorkingDays = getProductConfig('bmw-flex').billing?.advanceNoticeWorkingDays ?? 3;
  const members = drawPopulation(options.size, options.seed ?? 20_261_127, purchaseDays);
  const result: MoneyYearResult = {
    customers: [],
    days,
    buyMs: 0,
    jobMs: 0,
    checkMs: 0,
    jobsRun: 0,
    statementChecks: 0,
    breaches: [],
    refusedActions: [],
    statuses: {},
    unexpectedStatuses: [],
    statements: {},
    emails: {},
  };
  const timed = async <T>(key: 'buyMs' | 'jobMs' | 'checkMs', work: () => Promise<T>) => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      result[key] += performance.now() - started;
    }
  };
  try {
    let lastCheck = new Date(start);
    for (let day = 0; day < days; day += 1) {
      if (options.jump && day === options.jump.day) {
        // An outage: nothing runs for weeks, then the runner catches up at once.
        day += options.jump.days;
      }
      // Each day: purchases from 10:00 a minute apart (in the population's order), the customers'
      // and staff's steps at 11:00, the jobs at 12:00; fixed hours, so that what the first
      // customers receive does not depend on how many others there are.
      const at = (hour: number, minutes = 0) =>
        clock.set(new Date(start + day * DAY + (hour - 10) * HOUR + minutes * 60_000));
      for (const [order, member] of members.filter((m) => m.purchaseDay === day).entries()) {
        at(10, order);
        const customer = await timed('buyMs', () => buyPolicy(app, member));
        result.customers.push(customer);
      }
      at(11);
      await doDueSteps(app, result, day);
      at(12);
      result.jobsRun += await timed('jobMs', () => runUntilIdle(app));
      // Statements change when an account's money moves: build those accounts' today, and read
      // everyone's as the billing tab displays them on the last day.
      const last = day === days - 1;
      const since = lastCheck;
      const moved = await accountsMovedSince(app.db, since);
      lastCheck = clock.now();
      const statementsOf = result.customers.filter((c) => last || moved.has(c.accountId));
      result.statementChecks += statementsOf.length;
      const breaches = await timed('checkMs', () =>
        checkMoney(app, { noticeWorkingDays, statementsOf, since, full: last }),
      );
      const date = clock.now().toISOString().slice(0, 10);
      if (!isClean(breaches)) result.breaches.push({ date, breaches });
      options.onDay?.(day, date, breaches);
    }
    for (const customer of result.customers) {
      const status = (await readPolicy(app, customer)).policyDetail.policyStatus;
      const byStatus = (result.statuses[customer.behaviour.name] ??= {});
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      if (status !== customer.behaviour.expectedStatus) {
        result.unexpectedStatuses.push(
          `${customer.policyNumber} (${customer.behaviour.name}): ${status}, expected ${customer.behaviour.expectedStatus}`,
        );
      }
    }
    for (const name of options.keepStatementsOf ?? []) {
      const customer = firstOfBehaviour(result.customers, name);
      if (!customer) continue;
      result.statements[name] = await readCustomerStatements(app, customer);
      result.emails[name] = await readEmailsAbout(app.db, customer.policyNumber);
    }
    return result;
  } finally {
    await app.close();
  }
}

/** Each customer's steps due today (a step waiting for money owed waits until it is). */
async function doDueSteps(app: App, result: MoneyYearResult, day: number): Promise<void> {
  for (const customer of result.customers) {
    for (const [index, step] of customer.behaviour.steps.entries()) {
      if (customer.done.has(index) || day < customer.purchaseDay + step.afterDays) continue;
      if (step.whenOwing && (await readAccount(app, customer)).outstandingAmount <= 0) continue;
      customer.done.add(index);
      try {
        await act(app, customer, step.action);
      } catch (error) {
        result.refusedActions.push(
          `${customer.policyNumber} (${customer.behaviour.name}) ${step.action.kind}: ${(error as Error).message}`,
        );
      }
    }
  }
}
