import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPgliteDatabase } from '../../api/src/db/client';
import {
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  pathOf,
  setPageClockAhead,
  useBrowser,
} from './support/browser';
import { buyPolicy, type BoughtPolicy } from './support/buy-policy';
import { aheadPastMidnight } from './support/clock';
import { findFreePort, startServer, type RunningServer } from './support/server';

// Issue 14 "Checked by": the policy area by status in Chromium (spec 3 §2 "Tabs by policy
// status": ACTIVE and PENDING all four; CANCELLED and LAPSED billing and claims; VOIDED and NTU
// billing only; RENEWED goes home; the billing tab never for driveaway). A bound driveaway policy
// is bought as a new customer buys it, on the journeys' server. The other statuses are seeded in
// this file's own server (started meanwhile): a flex policy is bought, the server stops, its
// database gets copies of that policy (its row, its versions and its customer account under new
// ids and numbers) in each status, and the server starts again on the same address and data, so
// the customer's session goes on.

const SLOW = { timeout: 30_000 };
const [MOBILE, DESKTOP] = VIEWPORTS;

const SEEDED_STATUSES = ['CANCELLED', 'LAPSED', 'VOIDED', 'NTU', 'RENEWED'] as const;
type SeededStatus = (typeof SEEDED_STATUSES)[number];

/** What the status page shows: the tabs in order (none when only one), the first one's heading. */
const EXPECTED: Record<Exclude<SeededStatus, 'RENEWED'>, { tabs: string[]; first: string }> = {
  CANCELLED: { tabs: ['Billing', 'Claims'], first: 'Billing' },
  LAPSED: { tabs: ['Billing', 'Claims'], first: 'Billing' },
  VOIDED: { tabs: [], first: 'Billing' },
  NTU: { tabs: [], first: 'Billing' },
};

/**
 * Copies `policyId` into a policy in `status`: the policy row (new id, number and proposal code),
 * its versions and its customer account. Ended statuses carry the day cover ended.
 */
async function seedPolicyCopies(
  dataDir: string,
  policyId: string,
): Promise<Record<SeededStatus, string>> {
  const handle = await openPgliteDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const { client } = handle;
  const copies = {} as Record<SeededStatus, string>;
  try {
    for (const status of SEEDED_STATUSES) {
      const newId = `${policyId}_${status.toLowerCase()}`;
      const terminated = ['CANCELLED', 'VOIDED', 'NTU'].includes(status);
      await client.transaction(async (tx) => {
        const {
          rows: [row],
        } = await tx.query<{ number: string }>(
          `select regexp_replace(policy_number, '\\d+$',
              lpad(nextval('policy_number_seq')::text, length(substring(policy_number from '\\d+$')), '0')
            ) as number
           from policies where policy_id = $1`,
          [policyId],
        );
        const number = row!.number;
        const proposalCode = `${policyId}-${status}`;
        await tx.query(
          `insert into policies
           select (jsonb_populate_record(null::policies, to_jsonb(p) || jsonb_build_object(
             'policy_id', $2::text, 'policy_number', $3::text, 'proposal_code', $4::text,
             'status', $5::text,
             'terminated_at', case when $6 then p.incepted_at else null end,
             'expired_at', case when $5 = 'LAPSED' then now() - interval '1 day' else p.expired_at end
           ))).*
           from policies p where p.policy_id = $1`,
          [policyId, newId, number, proposalCode, status, terminated],
        );
        await tx.query(
          `insert into policy_versions
           select (jsonb_populate_record(null::policy_versions, to_jsonb(v) || jsonb_build_object(
             'id', gen_random_uuid(), 'policy_id', $2::text
           ))).*
           from policy_versions v where v.policy_id = $1`,
          [policyId, newId],
        );
        await tx.query(
          `insert into customer_accounts
           select (jsonb_populate_record(null::customer_accounts, to_jsonb(a) || jsonb_build_object(
             'account_id', a.account_id || '_' || lower($5::text), 'account_code', $3::text,
             'proposal_code', $4::text, 'policy_id', $2::text, 'next_invoice_at', null
           ))).*
           from customer_accounts a where a.policy_id = $1`,
          [policyId, newId, number, proposalCode, status],
        );
        await tx.query(
          `insert into policy_events (policy_id, from_status, to_status, actor, at)
           values ($1, 'ACTIVE', $2, 'e2e:policy-statuses', now())`,
          [newId, status],
        );
      });
      copies[status] = newId;
    }
  } finally {
    await handle.close();
  }
  return copies;
}

/** The policy area's tabs as offered: the bar's links on a wide screen, the select on a phone. */
async function expectTabs(page: Page, tabs: string[]) {
  const nav = page.getByRole('navigation', { name: 'Policy sections' });
  if (tabs.length === 0) {
    expect(await nav.count()).toBe(0);
    return;
  }
  const isPhone = (page.viewportSize()?.width ?? 0) < 600;
  if (isPhone) {
    const select = nav.getByLabel('Show');
    await select.waitFor();
    expect(await select.locator('option').allTextContents()).toEqual(tabs);
  } else {
    await nav.getByRole('link').first().waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(tabs);
  }
}

const policyHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Your policy' }).waitFor(SLOW);

async function shoot(page: Page, name: string) {
  await saveScreenshot(page, `policy-statuses-${name}-${page.viewportSize()?.width}.png`);
}

describe('the policy area by status (issue 14)', () => {
  const state: {
    server?: RunningServer;
    /** This file's server starting, while the driveaway journey runs on the journeys' server. */
    starting?: Promise<RunningServer>;
    dataDir?: string;
    port?: number;
    onOwnServer: boolean;
  } = { onOwnServer: false };
  const sharedUrl = inject('baseUrl');
  const ownUrl = () => `http://127.0.0.1:${state.port}`;
  const baseUrl = () => (state.onOwnServer ? ownUrl() : sharedUrl);
  const { newPage } = useBrowser({ server: baseUrl });
  /** This file's server, on the same address and data each time it starts. */
  const startOwnServer = () => startServer({ port: state.port!, dataDir: state.dataDir! });
  const start = async () => {
    state.server = await startOwnServer();
  };

  beforeAll(async () => {
    state.dataDir = await mkdtemp(path.join(tmpdir(), 'motor-e2e-statuses-'));
    state.port = await findFreePort();
    state.starting = startOwnServer();
    // Awaited by the journey that needs it; a failure to start is reported there.
    state.starting.catch(() => undefined);
  });
  afterAll(async () => {
    const server = state.server ?? (await state.starting?.catch(() => undefined));
    await server?.stop();
    if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  });

  it('a bound driveaway policy: details, documents and claims, never billing', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      const policy = await buyPolicy(page, baseUrl(), {
        product: 'driveaway',
        label: 'statuses-driveaway',
        vrn: 'DA68 JHF',
      });
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto(policy.policyPath);
        await policyHeading(page);
        await expectTabs(page, ['Policy details', 'Documents', 'Claims']);
        const summary = page.getByRole('region', { name: 'Your policy', exact: true });
        const row = (term: string) =>
          summary
            .locator('.summary-list__row', {
              has: page.locator('dt').getByText(term, { exact: true }),
            })
            .locator('dd');
        expect(await row('Product').innerText()).toContain('BMW Driveaway');
        expect(await row('Policy number').innerText()).toContain(policy.policyNumber);
        expect(await row('Car').innerText()).toContain('DA68 JHF');
        expect(await row('Drivers').innerText()).toMatch(/\(policyholder\)/);
        expect(await row('Cover starts').innerText()).toMatch(/\d{4}/);
        expect(await row('Cover ends').innerText()).toMatch(/\d{4}/);
        await page.getByRole('heading', { level: 2, name: 'Your cover' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'Your excess' }).waitFor();
        expect(await page.getByRole('heading', { level: 2, name: 'Billing' }).count()).toBe(0);
        await expectNoSeriousA11yViolations(page);
        await shoot(page, 'driveaway-details');

        // The billing address is no tab of a driveaway policy: back to the root.
        await page.goto(`${policy.policyPath}/billing`);
        await page.waitForURL((url) => url.pathname === policy.policyPath);
        await page.getByRole('region', { name: 'Your policy', exact: true }).waitFor();

        await page.goto(`${policy.policyPath}/claims`);
        await page.getByRole('heading', { level: 2, name: 'Your claims' }).waitFor();
        await expectTabs(page, ['Policy details', 'Documents', 'Claims']);
        await expectNoSeriousA11yViolations(page);
        await shoot(page, 'driveaway-claims');
      }
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a flex policy cancelled, lapsed, voided, not taken up and renewed', async () => {
    state.server = await state.starting!;
    state.onOwnServer = true;
    const { context, page } = await newPage(DESKTOP);
    let policy: BoughtPolicy;
    try {
      // At 23:59 (CI's clock edges) the purchase would cross midnight on a busy machine.
      const ahead = aheadPastMidnight();
      if (ahead > 0) {
        await state.server.setClockAhead(ahead);
        await setPageClockAhead(context, ahead);
      }
      policy = await buyPolicy(page, baseUrl(), {
        product: 'flex',
        label: 'statuses-flex',
      });
      await expectTabs(page, ['Policy details', 'Documents', 'Billing', 'Claims']);

      await state.server!.stop();
      const copies = await seedPolicyCopies(state.dataDir!, policy.policyId);
      await start();

      const root = (policyId: string) => `/flex/policy/${policyId}`;
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const status of ['CANCELLED', 'LAPSED', 'VOIDED', 'NTU'] as const) {
          const expected = EXPECTED[status];
          const label = status.toLowerCase();
          await page.goto(root(copies[status]));
          await policyHeading(page);
          await expectTabs(page, expected.tabs);
          // The first tab the status has is the root's content.
          await page.getByRole('heading', { level: 2, name: expected.first }).waitFor();
          expect(await page.getByRole('region', { name: 'Your policy', exact: true }).count()).toBe(
            0,
          );
          await expectNoSeriousA11yViolations(page);
          await shoot(page, `${label}-billing`);

          // Details and documents are no tabs of an ended policy: back to the root.
          for (const gone of ['details', 'documents']) {
            await page.goto(`${root(copies[status])}/${gone}`);
            await page.waitForURL((url) => url.pathname === root(copies[status]));
          }
          await page.goto(`${root(copies[status])}/claims`);
          if (expected.tabs.includes('Claims')) {
            await page.getByRole('heading', { level: 2, name: 'Your claims' }).waitFor();
            await expectTabs(page, expected.tabs);
            // Only an ACTIVE policy claims online.
            await page.getByText('There are no claims on this policy.').waitFor();
            expect(await page.getByRole('button', { name: 'Make a claim online' }).count()).toBe(0);
            await expectNoSeriousA11yViolations(page);
            await shoot(page, `${label}-claims`);
          } else {
            await page.waitForURL((url) => url.pathname === root(copies[status]));
            await page.getByRole('heading', { level: 2, name: 'Billing' }).waitFor();
          }
        }

        // A renewed policy is no page of its own: home.
        await page.goto(root(copies.RENEWED));
        await page.waitForURL((url) => url.pathname === '/', SLOW);
        expect(pathOf(page)).toBe('/');
        await expectNoSeriousA11yViolations(page);
      }
    } finally {
      await context.close();
    }
    // Beyond the server's own 120 s to be ready: once in a CI run this journey timed out waiting
    // for its server, and the server's output, which startServer's error carries, was never seen.
  }, 360_000);
});
