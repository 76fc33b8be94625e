// A simulated year of a book of policies (issue 17 "Checked by"), shared by the API suite's test
// (simulated-year.test.ts) and the bench (bench/simulated-year.ts). No test framework here.
//
// The book: four policies bought through the real API and bind flow (a flex policy on a Direct
// Debit mandate that renews, one opted out of auto-renewal that lapses, a driveaway that ends
// and is offered flex, and a flex policy whose first Direct Debit payment failed: NTU), then
// cloned set-based in SQL to the book's size, each clone under its own ids and moved in time so
// that expiries spread over the year (flex back; driveaway and the flex not taken up forward:
// they are bought during the year).
// Clones keep their template's ledger rows (ids renamed, dates not moved: what was invoiced so
// far), so invoicing carries on from there rather than catching up a past year.
//
// The year: the injected clock moves a day at a time; each day the real job runner runs every
// job due (lifecycle, renewals, upsells, invoicing, collections, the sandbox bank's answers) until
// none is left, and the invariants are checked: no policy ACTIVE with an ACTIVE renewal (nor
// RENEWED without one), every policy past its expiry RENEWED/LAPSED/CANCELLED (or NTU/VOIDED),
// no opted-in policy lapsed while its renewal offer could be bound,
// at most one renewal per policy, no renewal offer above its new-business price, every ledger
// transaction and the whole ledger sum to zero, the auditor's findings all resolved (the
// providers, the ledger and the cover agree), and no job run threw.
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getProductConfig } from '@motor/brand-bmw';
import type { ProposalChange } from '@motor/domain';
import { buildApp } from '../app';
import type { App } from '../app-types';
import { createTestClock, type TestClock } from '../clock';
import { parseConfig } from '../config';
import type { DatabaseHandle, Db } from '../db/client';
import { runStatement } from '../db/client';
import { seedDemoData } from '../db/seed';
import { bindProposal } from '../flows/bind-policy';
import { RENEWAL_OFFER_DAYS } from '../flows/renew-policy/offer';
import { createTestAccessToken } from '../modules/identity/test-tokens';
import { observeJobRuns, runDueJobs } from '../modules/jobs/runner';
import { createDirectDebitCollection, findActiveMandate } from '../modules/payment';
import { computeAmountDueAtBind, findPolicyByProposal } from '../modules/policy';
import { buildCompleteDisclosure, updates } from '../modules/proposal';
import { createLogger } from '../logger';
import { createSandboxProviders } from '../providers';
import { LEDGER_ACCOUNTS, providerPaymentKey } from '../modules/billing/testing';
import { payOnSandboxCardPage } from './sandbox-payments';
import { TEST_BRANDS } from './test-brands';

const DAY = 86_400_000;
const SYSTEM = { kind: 'system', name: 'simulated-year' } as const;

const TEMPLATE_KINDS = ['FLEX_RENEWS', 'FLEX_OPTED_OUT', 'DRIVEAWAY', 'FLEX_NTU'] as const;
type TemplateKind = (typeof TEMPLATE_KINDS)[number];
/**
 * The book's mix: most flex customers renew, some opt out; driveaways are the new cars of the
 * year; a first payment that never settles is rare (5 %, high for a real book).
 */
const BOOK_SHARE: Record<TemplateKind, number> = {
  FLEX_RENEWS: 0.6,
  FLEX_OPTED_OUT: 0.15,
  DRIVEAWAY: 0.2,
  FLEX_NTU: 0.05,
};

type DayFigures = {
  day: number;
  date: string;
  jobsRun: number;
  jobMs: number;
  /** Each job kind's share of the night (ms of its runs, overlapping when run at once). */
  jobMsByKind: Record<string, number>;
  statuses: Record<string, number>;
};

export type InvariantBreaches = {
  activeWithActiveRenewal: number;
  renewedWithoutActiveRenewal: number;
  expiredStillLive: number;
  /** Opted in, its renewal offered as a QUOTE, and yet LAPSED instead of renewed. */
  optedInLapsedWithOffer: number;
  policiesWithTwoRenewals: number;
  renewalsAboveNewBusiness: number;
  unbalancedTransactions: number;
  ledgerSumPence: number;
  /** The auditor's findings still open: the book's three records (providers, ledger, cover) agree. */
  openAuditFindings: number;
  /** Job runs that threw (a night's jobs all run clean; a failing one is retried all night). */
  jobsThatThrew: number;
};

export type YearResult = {
  policies: number;
  /** How many policies of each kind the book was seeded with. */
  book: Record<TemplateKind, number>;
  seedMs: number;
  days: DayFigures[];
  totalJobMs: number;
  totalJobsRun: number;
  finalStatuses: Record<string, number>;
  renewalsOffered: number;
  upsellsOffered: number;
  /** What the jobs that threw said (each kind's first line, with how many runs said it). */
  jobErrors: { kind: string; error: string; runs: number }[];
  /** Every day's breaches, only the days with any. */
  breaches: { day: number; breaches: InvariantBreaches }[];
};

type Template = { kind: TemplateKind; policyId: string; proposalCode: string; ownerUserId: string };

/** One statement on the driver, no parameters (set-based seeding and the invariant checks). */
async function run<Row extends Record<string, unknown>>(db: Db, text: string): Promise<Row[]> {
  const name = `year-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  return runStatement<Row>(db, { name, text, values: [] });
}

type Request = {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
};

async function inject(app: App, request: Request) {
  const res = await app.inject(request);
  if (res.statusCode >= 300) throw new Error(`${request.url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function setUpMandate(
  app: App,
  headers: Record<string, string>,
  accountHolderName: string,
): Promise<void> {
  const flow = await inject(app, {
    method: 'POST',
    url: '/api/goCardless/flows',
    headers,
    payload: { mandateDescription: 'BMW Insurance monthly payments', successUrl: '/home' },
  });
  const { flowId, redirectUrl } = flow.json() as { flowId: string; redirectUrl: string };
  const form = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  await form(redirectUrl, { accountHolderName, sortCode: '20-29-59', accountNumber: '63748472' });
  await form(`${redirectUrl}/confirm`, { action: 'confirm' });
  await inject(app, {
    method: 'POST',
    url: '/api/goCardless/mandates',
    headers,
    payload: { redirectFlowId: flowId },
  });
}

/** One policy of a kind, bought through the API and bound by the bind flow. */
async function buyTemplate(app: App, kind: TemplateKind): Promise<Template> {
  const ownerUserId = `year-${kind.toLowerCase()}`;
  const headers = {
    authorization: `Bearer ${await createTestAccessToken(app, { userId: ownerUserId })}`,
  };
  const driveaway = kind === 'DRIVEAWAY';
  const schemeCode = driveaway ? 'bmw-driveaway' : 'bmw-flex';
  const created = await inject(app, {
    method: 'POST',
    url: '/api/proposals',
    headers,
    payload: { schemeCode, brand: 'bmw' },
  });
  const proposalCode = (created.json() as { proposalCode: string }).proposalCode;
  const changes: ProposalChange[] = buildCompleteDisclosure(
    driveaway
      ? {
          car: {
            vehicle: {
              vrn: 'LB69 KRT',
              regLookup: true,
              specification: { vehicleCode: 'BMW-F40-118I-SPORT' },
            },
          },
        }
      : {},
  );
  if (driveaway) {
    changes.push({
      changeType: 'QUOTE_DISCLOSURE_CHANGE',
      update: updates({ renewalMonth: 4, retailer: '10231' }),
    });
  }
  const patched = await inject(app, {
    method: 'PATCH',
    url: `/api/proposals/${proposalCode}`,
    headers,
    payload: { changes, applyRating: true },
  });
  const proposal = patched.json() as Parameters<typeof computeAmountDueAtBind>[0] extends infer Q
    ? { status: string; quote: Q }
    : never;
  if (proposal.status !== 'QUOTE') throw new Error(`${kind}: not a QUOTE (${proposal.status})`);
  await inject(app, {
    method: 'PUT',
    url: `/api/proposals/${proposalCode}/agreements`,
    headers,
    payload: {
      accepted: getProductConfig(schemeCode).checkoutChecklist.map((input) => input.name),
    },
  });
  let payment;
  if (!driveaway) {
    await setUpMandate(app, headers, kind === 'FLEX_NTU' ? 'Fail Payment' : 'Jo Bloggs');
  }
  if (kind === 'FLEX_NTU') {
    const due = computeAmountDueAtBind(proposal.quote);
    payment = {
      provider: 'DIRECT_DEBIT' as const,
      providerPaymentId: (
        await createDirectDebitCollection(app, {
          mandate: (await findActiveMandate(app.db, ownerUserId))!,
          proposalCode,
          amountPence: due.totalPence,
          description: 'First month',
          reference: `bind:${proposalCode}`,
        })
      ).providerPaymentId,
      amountPence: due.totalPence,
      settled: false,
    };
  }
  // The first month of a paying flex is taken at purchase (issue 30) on the sandbox's hosted card
  // page, whose signed webhook binds the policy, then Direct Debit: the card provider holds the
  // payment the ledger posts, as the auditor reads it. A first Direct Debit asked for at bind would
  // be the template's alone: its clones would copy it owed (the job is not cloned) or as a
  // collection their bank never answers (NTU).
  const bound =
    driveaway || payment
      ? await bindProposal(app, {
          proposalCode,
          principal: SYSTEM,
          ...(driveaway ? {} : { paymentMethodType: 'BACS_DEBIT' as const }),
          ...(payment ? { payment } : {}),
        })
      : await payOnSandboxCardPage(app, headers, proposalCode).then(() =>
          findPolicyByProposal(app.db, proposalCode),
        );
  if (!bound) throw new Error(`${kind}: paid by card, but no policy`);
  if (kind === 'FLEX_OPTED_OUT') {
    await inject(app, {
      method: 'PUT',
      url: `/api/policies/${bound.policyId}/autoRenewal`,
      headers,
      payload: { enabled: false, reason: 'Price' },
    });
  }
  return { kind, policyId: bound.policyId, proposalCode, ownerUserId };
}

/** Columns that hold one of a template's ids: a clone's is the template's + `~n`. */
const ID_COLUMNS = new Set([
  'proposal_code',
  'external_reference',
  'owner_user_id',
  'policy_id',
  'policy_number',
  'account_id',
  'account_code',
  'source_policy_id',
  'source_proposal_code',
  'renewal_proposal_code',
  'upsell_proposal_code',
  'payment_method_id',
  'provider_reference',
  'provider_payment_id',
  'idempotency_key',
  'session_id',
]);
/** uuid keys: a clone's is derived from the template's and n, so references stay consistent. */
const UUID_COLUMNS = new Set(['id', 'transaction_id']);

type Column = { column_name: string; data_type: string };

/**
 * Clones every row of `table` that `where` selects, `copies` times (n = 1..copies), ids renamed,
 * instants moved by `shift` (an SQL interval expression of n) when `moveTime`.
 */
async function cloneRows(
  db: Db,
  options: { table: string; where: string; copies: number; shift: string; moveTime: boolean },
): Promise<void> {
  const columns = await run<Column>(
    db,
    `select column_name, data_type from information_schema.columns
      where table_schema = 'public' and table_name = '${options.table}' order by ordinal_position`,
  );
  const expressions = columns.map(({ column_name: name, data_type: type }) => {
    const column = `t."${name}"`;
    if (ID_COLUMNS.has(name)) return `${column} || '~' || n`;
    if (UUID_COLUMNS.has(name) && type === 'uuid') return `md5(${column}::text || '~' || n)::uuid`;
    if (name === 'ledger_account') {
      return `case when ${column} like 'receivable:%' then ${column} || '~' || n else ${column} end`;
    }
    if (options.moveTime && type === 'timestamp with time zone') {
      return `${column} + (${options.shift})`;
    }
    return column;
  });
  const list = columns.map((column) => `"${column.column_name}"`).join(', ');
  await run(
    db,
    `insert into ${options.table} (${list})
     select ${expressions.join(', ')}
       from ${options.table} t cross join generate_series(1, ${options.copies}) as n
      where ${options.where}`,
  );
}

/**
 * A flex clone as it would be in a book that has been running: paying on its own day of the
 * month (1–28, not all on its template's), its months since inception invoiced (one marker of
 * the last period, with no amount: the template's ledger holds only the first month), its next
 * invoice due on its day, and its Direct Debit to be submitted 5 working days before it is
 * charged (or already submitted when that is past). Otherwise the first night would raise every clone's months
 * since inception, and plan every collection, at once: a migration, not a night.
 */
async function settleIntoItsMonth(db: Db, template: Template, now: Date): Promise<void> {
  const at = `'${now.toISOString()}'::timestamptz`;
  const clones = `a.proposal_code like '${template.proposalCode.replaceAll("'", "''")}~%'`;
  // Period j starts j months after inception (London) and is due on day d of that month, or of
  // the month before when it starts before day d (modules/billing invoiceDueAt). The next
  // period is the first not yet due; the ones before it were invoiced on their days.
  await run(
    db,
    `with c as (
       select a.account_id, p.incepted_at, p.expired_at,
              1 + (substring(a.account_id from '~([0-9]+)$')::int * 7919) % 28 as d,
              (extract(year from age(${at}, p.incepted_at)) * 12
                 + extract(month from age(${at}, p.incepted_at)))::int as k
         from customer_accounts a join policies p on p.policy_id = a.policy_id
        where ${clones} and a.next_invoice_at is not null),
     candidates as (
       select c.account_id, c.d, c.expired_at, j,
              (c.incepted_at at time zone 'Europe/London') + j * interval '1 month' as starts
         from c cross join generate_series(c.k, c.k + 2) as j),
     due as (
       select account_id, d, expired_at, j, starts,
              (date_trunc('month', starts)
                 - case when extract(day from starts) < d then interval '1 month' else interval '0' end
                 + (d - 1) * interval '1 day') at time zone 'Europe/London' as due_at
         from candidates),
     plan as (
       select distinct on (account_id) account_id, d, expired_at, j, starts, due_at,
              -- Its Direct Debit is submitted 5 working days before it is charged (the due day,
              -- or the Monday after a weekend): the same weekday a week before (bank holidays
              -- aside: the planner's own look puts those right).
              ((due_at at time zone 'Europe/London')::date
                 + case extract(isodow from (due_at at time zone 'Europe/London'))
                     when 6 then 2 when 7 then 1 else 0 end
                 - 7)::timestamp at time zone 'Europe/London' as submit_from
         from due where due_at > ${at} and j >= 1 order by account_id, j),
     marked as (
       insert into ledger_transactions
         (id, account_id, type, "group", status, idempotency_key, description, created_at)
       select md5(account_id || ':seeded')::uuid, account_id, 'INVOICE', 'INVOICE', 'POSTED',
              'invoice:' || account_id || ':' || (j - 1),
              'Monthly instalments invoiced before the simulated year', ${at}
         from plan where j >= 2
       returning id, account_id),
     postings as (
       insert into ledger_postings (transaction_id, ledger_account, amount_pence)
       select id, 'receivable:' || account_id, 0 from marked
       union all select id, '${LEDGER_ACCOUNTS.premium}', 0 from marked)
     update customer_accounts a
        set payment_day = plan.d,
            next_invoice_at = case when (plan.starts at time zone 'Europe/London') < plan.expired_at
                                   then plan.due_at end,
            collections_check_at = case when plan.submit_from > ${at} then plan.submit_from end
       from plan where plan.account_id = a.account_id`,
  );
}

/** An instant as JavaScript's toISOString writes it (the MID's entries and fingerprints). */
const isoOf = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Each clone's car on the MID, as it has been since its bind (modules/mid): its record in step
 * with its policy (entry and fingerprint as modules/mid/entry.ts derives them, the policy number
 * and cover dates the clone's own) and the sandbox register's entry of it. Otherwise the first
 * night would add the whole book's cars to the MID at once: a migration, not a night.
 */
async function putOnTheMid(
  db: Db,
  template: Template,
  clone: (table: string, where: string) => Promise<void>,
): Promise<void> {
  const q = (value: string) => `'${value.replaceAll("'", "''")}'`;
  await clone('mid_records', `t.policy_id = ${q(template.policyId)} and t.status = 'ON_MID'`);
  const clones = `m.policy_id like ${q(`${template.policyId}~%`)}`;
  const coverEnd = `case when p.terminated_at < p.expired_at then p.terminated_at else p.expired_at end`;
  await run(
    db,
    `update mid_records m
        set reference = 'MID-' || p.policy_number,
            desired = m.desired || jsonb_build_object('policyNumber', p.policy_number,
              'coverStartAt', ${isoOf('p.incepted_at')}, 'coverEndAt', ${isoOf(coverEnd)}),
            confirmed = m.desired || jsonb_build_object('policyNumber', p.policy_number,
              'coverStartAt', ${isoOf('p.incepted_at')}, 'coverEndAt', ${isoOf(coverEnd)}),
            source_fingerprint = concat_ws('|', p.status, ${isoOf('p.incepted_at')},
              ${isoOf('p.expired_at')}, coalesce(${isoOf('p.terminated_at')}, ''),
              split_part(m.source_fingerprint, '|', 5))
       from policies p
      where p.policy_id = m.policy_id and ${clones}`,
  );
  await run(
    db,
    `insert into sandbox_provider_records (kind, id, data, updated_at)
     select 'mid-entry', m.policy_number,
            jsonb_build_object('reference', m.reference, 'entry', m.confirmed, 'isOnRegister', true,
              'removalReason', null, 'history', jsonb_build_array(jsonb_build_object(
                'action', 'ADD', 'at', ${isoOf('m.confirmed_at')}))),
            m.updated_at
       from mid_records m where ${clones}`,
  );
}

/** How far ahead clone `n` (an SQL expression) of a driveaway or not-taken-up flex was bought. */
const daysAhead = (n: string) => `((${n} * 7919) % 330) * interval '1 day'`;

/**
 * Clones a template's rows (policy, versions, events, proposal, account, ledger, payments).
 * `now` is the book's first day.
 */
async function cloneTemplate(
  db: Db,
  template: Template,
  options: { copies: number; now: Date },
): Promise<void> {
  const { copies } = options;
  if (copies <= 0) return;
  const q = (value: string) => `'${value.replaceAll("'", "''")}'`;
  // Flex moves back up to a year, so that expiries spread over the year ahead, but none falls
  // within the renewal offer's days: the book is in its steady state, its offers up to today
  // made, rather than making a month of them on the first night. Driveaway moves forward, and so
  // does a flex not taken up: bought on its own day of the year ahead, its cover without a
  // payment lasts the NTU job's days (as the auditor expects), not the months since inception.
  const shift =
    template.kind === 'DRIVEAWAY' || template.kind === 'FLEX_NTU'
      ? daysAhead('n')
      : `-((n * 7919) % ${365 - RENEWAL_OFFER_DAYS}) * interval '1 day'`;
  const policy = `t.policy_id = ${q(template.policyId)}`;
  const proposal = `t.proposal_code = ${q(template.proposalCode)}`;
  const owner = `t.owner_user_id = ${q(template.ownerUserId)}`;
  const account = `t.account_id = (select account_id from customer_accounts where proposal_code = ${q(template.proposalCode)})`;
  const clone = (table: string, where: string, moveTime = true) =>
    cloneRows(db, { table, where, copies, shift, moveTime });
  await clone('proposals', proposal);
  await clone('policies', policy);
  await clone('policy_versions', policy);
  await clone('policy_events', policy);
  await clone('customer_accounts', proposal, false);
  await clone('ledger_transactions', account, false);
  await clone(
    'ledger_postings',
    `t.transaction_id in (select id from ledger_transactions where account_id = (select account_id from customer_accounts where proposal_code = ${q(template.proposalCode)}))`,
    false,
  );
  await clone('payment_methods', owner, false);
  // Each clone's mandate was confirmed when it was set up, as a running book's were (the job that
  // confirms new mandates looks for those without): else the first night would confirm them all.
  await run(
    db,
    `insert into direct_debit_notices (notice_key, payment_method_id, kind, sent_by, created_at)
     select 'confirmation:' || payment_method_id, payment_method_id, 'CONFIRMATION', 'APP', created_at
       from payment_methods
      where type = 'BACS_DEBIT' and owner_user_id like ${q(`${template.ownerUserId}~%`)}
     on conflict do nothing`,
  );
  await clone('collections', proposal, false);
  if (template.kind === 'FLEX_NTU') {
    // Not taken up one night each, as new business is, not all on the first: each clone's first
    // Direct Debit was asked for on the day it was bought and never settles (the NTU job's
    // "unsettled for longer than its days"), rather than having failed before the year began.
    // Its first invoice is due a month after it was bought, as its template's was.
    const bought = (column: string) =>
      `${column} + ${daysAhead(`substring(proposal_code from '~([0-9]+)$')::int`)}`;
    await run(
      db,
      `update collections
          set status = 'SUBMITTED', failure_reason = null,
              created_at = ${bought(`'${options.now.toISOString()}'::timestamptz`)},
              updated_at = '${options.now.toISOString()}'::timestamptz
        where proposal_code like ${q(`${template.proposalCode}~%`)}`,
    );
    await run(
      db,
      `update customer_accounts set next_invoice_at = ${bought('next_invoice_at')}
        where proposal_code like ${q(`${template.proposalCode}~%`)}`,
    );
  } else if (template.kind !== 'DRIVEAWAY') {
    await settleIntoItsMonth(db, template, options.now);
  }
  await putOnTheMid(db, template, clone);
  // The card provider's record of the first month taken at purchase, so that the auditor finds
  // each clone's posted payment at the provider (as its id in the ledger, the template's + `~n`).
  await cloneSandboxRecords(db, {
    copies,
    idField: 'providerPaymentId',
    where: `r.kind = 'card-payment' and ${q(providerPaymentKey(''))} || r.id in (
              select idempotency_key from ledger_transactions where ${account.replace('t.', '')})`,
  });
  // The sandbox bank's mandate records, so that a clone's collections can be made.
  await cloneSandboxRecords(db, {
    copies,
    idField: 'mandateId',
    where: `r.id in (select provider_reference from payment_methods where ${owner.replace('t.', '')})`,
  });
}

/**
 * Clones the sandbox providers' records that `where` selects (as `r`), `copies` times, each under
 * its clone's id (the template's + `~n`), named again in its data's `idField`.
 */
async function cloneSandboxRecords(
  db: Db,
  options: { copies: number; idField: string; where: string },
): Promise<void> {
  await run(
    db,
    `insert into sandbox_provider_records (kind, id, data, updated_at)
     select r.kind, r.id || '~' || n,
            r.data || jsonb_build_object('${options.idField}', r.id || '~' || n),
            r.updated_at
       from sandbox_provider_records r cross join generate_series(1, ${options.copies}) as n
      where ${options.where}`,
  );
}

/** The app of a simulated year: sandbox providers, the given clock, no web build, quiet. */
export function createYearApp(handle: DatabaseHandle, clock: TestClock): Promise<App> {
  const dataDir = path.join(tmpdir(), `motor-simulated-year-${process.pid}`);
  return buildApp({
    config: parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
      SEED_DEMO_DATA: 'false',
      // A year's customers all call from one address (issue 31 item 14's limits are per client).
      LOOKUPS_PER_CLIENT_PER_MINUTE: '1000000',
      LOOKUPS_PER_SESSION_PER_MINUTE: '1000000',
      SESSIONS_PER_CLIENT_PER_HOUR: '1000000',
      CHAT_MESSAGES_PER_CLIENT_PER_MINUTE: '1000000',
      CHAT_MESSAGES_PER_SESSION_PER_MINUTE: '1000000',
    }),
    db: handle,
    providers: createSandboxProviders(TEST_BRANDS),
    clock,
    logger: createLogger({ level: 'silent' }),
    brands: TEST_BRANDS,
  });
}

async function checkInvariants(db: Db, now: Date): Promise<InvariantBreaches> {
  const at = `'${now.toISOString()}'::timestamptz`;
  const count = async (text: string) => Number((await run<{ n: string }>(db, text))[0]?.n ?? 0);
  const [ledger] = await run<{ unbalanced: string; total: string }>(
    db,
    `select (select count(*) from (select t.id from ledger_transactions t
               left join ledger_postings p on p.transaction_id = t.id group by t.id
               having count(p.id) < 2 or coalesce(sum(p.amount_pence), 0) <> 0) u) as unbalanced,
            (select coalesce(sum(amount_pence), 0) from ledger_postings) as total`,
  );
  return {
    activeWithActiveRenewal: await count(
      `select count(*) as n from policies o join policies r on r.source_policy_id = o.policy_id
        where o.status = 'ACTIVE' and r.status = 'ACTIVE'`,
    ),
    // A renewal may end like any policy; NTU too: its first payment, taken at the anniversary
    // on the old term's mandate, failed (issue 30: the failing bank's renewals).
    renewedWithoutActiveRenewal: await count(
      `select count(*) as n from policies o where o.status = 'RENEWED' and not exists (
         select 1 from policies r where r.source_policy_id = o.policy_id
            and r.status in ('ACTIVE', 'PENDING', 'RENEWED', 'LAPSED', 'CANCELLED', 'NTU'))`,
    ),
    expiredStillLive: await count(
      `select count(*) as n from policies
        where status in ('ACTIVE', 'PENDING') and expired_at <= ${at}`,
    ),
    optedInLapsedWithOffer: await count(
      `select count(*) as n from policies o join proposals r on r.proposal_code = o.renewal_proposal_code
        where o.status = 'LAPSED' and o.auto_renewal_enabled and not o.renewal_stopped
          and o.terminated_at is null and r.quote->>'ratingStatus' = 'QUOTE'
          and r.status in ('QUOTE', 'QUOTE_EXPIRED') and r.expires_at > o.expired_at`,
    ),
    policiesWithTwoRenewals: await count(
      `select count(*) as n from (select source_policy_id from proposals
        where kind = 'RENEWAL' group by source_policy_id having count(*) > 1) d`,
    ),
    renewalsAboveNewBusiness: await count(
      `select count(*) as n from proposals where kind = 'RENEWAL'
          and new_business_price_pence is not null
          and (quote->>'totalPremium')::int > new_business_price_pence`,
    ),
    unbalancedTransactions: Number(ledger?.unbalanced ?? 0),
    ledgerSumPence: Number(ledger?.total ?? 0),
    openAuditFindings: await count(
      'select count(*) as n from reconciliation_findings where resolved_at is null',
    ),
    jobsThatThrew: await count('select count(*) as n from jobs where last_error is not null'),
  };
}

const isClean = (breaches: InvariantBreaches) => Object.values(breaches).every((n) => n === 0);

async function statusCounts(db: Db): Promise<Record<string, number>> {
  const rows = await run<{ status: string; n: string }>(
    db,
    'select status, count(*) as n from policies group by status order by status',
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/**
 * Seeds a book of `size` policies on a migrated, empty database and moves it through `days`
 * days of jobs, checking the invariants after each day. `onDay` hears each day's figures.
 */
export async function simulateYear(
  handle: DatabaseHandle,
  options: {
    size: number;
    days?: number;
    start?: string;
    onDay?: (figures: DayFigures, breaches: InvariantBreaches) => void;
    onSeeded?: (policies: number, ms: number) => void;
    /** When each day's run starts (UTC hour, default 10: after the book's 09:00 anniversaries). */
    runHourUtc?: number;
    /** Jobs run at once, as the server's runner does (JOB_CONCURRENCY: 4 on PostgreSQL). */
    jobConcurrency?: number;
  },
): Promise<YearResult> {
  const days = options.days ?? 365;
  const concurrency = options.jobConcurrency ?? (handle.kind === 'postgres' ? 4 : 1);
  const clock = createTestClock(options.start ?? '2026-04-01T09:00:00.000Z');
  const seedStarted = performance.now();
  await seedDemoData(handle.db, TEST_BRANDS);
  const app = await createYearApp(handle, clock);
  let jobMsByKind: Record<string, number> = {};
  observeJobRuns(app, (run) => {
    jobMsByKind[run.kind] = (jobMsByKind[run.kind] ?? 0) + run.durationSeconds * 1000;
  });
  try {
    const templates: Template[] = [];
    for (const kind of TEMPLATE_KINDS) templates.push(await buyTemplate(app, kind));
    // The template's first jobs (documents, messages) are not the book's: run them now.
    await runDueJobs(app, { limit: 1_000 });
    // Each kind's share of the book, at least its template; the renewing flex takes the rest.
    const sizes = templates.map((template) =>
      Math.max(1, Math.floor(options.size * BOOK_SHARE[template.kind])),
    );
    sizes[0]! += options.size - sizes.reduce((sum, size) => sum + size, 0);
    for (const [index, template] of templates.entries()) {
      await cloneTemplate(handle.db, template, { copies: sizes[index]! - 1, now: clock.now() });
    }
    await run(handle.db, 'analyze');
    const seedMs = performance.now() - seedStarted;

    const result: YearResult = {
      policies: Number(
        (await run<{ n: string }>(handle.db, 'select count(*) as n from policies'))[0]?.n,
      ),
      book: Object.fromEntries(
        templates.map((template, index) => [template.kind, sizes[index]!]),
      ) as Record<TemplateKind, number>,
      seedMs,
      days: [],
      totalJobMs: 0,
      totalJobsRun: 0,
      finalStatuses: {},
      renewalsOffered: 0,
      upsellsOffered: 0,
      jobErrors: [],
      breaches: [],
    };
    options.onSeeded?.(result.policies, seedMs);
    for (let day = 1; day <= days; day += 1) {
      // Each day at 10:00 UTC, after the day's expiries and inceptions (the book's are at 09:00):
      // one tick enqueues every scheduled job's latest slot (the hourly ones' too), then the
      // runner runs what is due, and what those jobs queue, until none is.
      const midnight = Date.parse(clock.now().toISOString().slice(0, 10)) + DAY;
      clock.set(new Date(midnight + (options.runHourUtc ?? 10) * 3_600_000));
      const started = performance.now();
      jobMsByKind = {};
      let jobsRun = 0;
      for (;;) {
        const ran = await runDueJobs(app, { limit: 1_000, concurrency });
        jobsRun += ran;
        if (ran === 0) break;
      }
      const jobMs = performance.now() - started;
      const breaches = await checkInvariants(handle.db, clock.now());
      const figures: DayFigures = {
        day,
        date: clock.now().toISOString().slice(0, 10),
        jobsRun,
        jobMs,
        jobMsByKind,
        statuses: days <= 31 || day % 30 === 0 || day === days ? await statusCounts(handle.db) : {},
      };
      result.days.push(figures);
      result.totalJobMs += jobMs;
      result.totalJobsRun += jobsRun;
      if (!isClean(breaches)) result.breaches.push({ day, breaches });
      options.onDay?.(figures, breaches);
    }
    result.finalStatuses = await statusCounts(handle.db);
    const [offers] = await run<{ renewals: string; upsells: string }>(
      handle.db,
      `select count(*) filter (where kind = 'RENEWAL') as renewals,
              count(*) filter (where kind = 'UPSELL') as upsells from proposals`,
    );
    result.renewalsOffered = Number(offers?.renewals ?? 0);
    result.upsellsOffered = Number(offers?.upsells ?? 0);
    result.jobErrors = (
      await run<{ kind: string; error: string; runs: string }>(
        handle.db,
        `select kind, left(split_part(last_error, E'\\n', 1), 240) as error, count(*) as runs
           from jobs where last_error is not null group by 1, 2 order by 3 desc limit 5`,
      )
    ).map((row) => ({ ...row, runs: Number(row.runs) }));
    return result;
  } finally {
    await app.close();
  }
}
