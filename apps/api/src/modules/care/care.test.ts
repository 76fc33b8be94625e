// Issue 18 items 1 and 2: the staff console's customer search and customer page, and the audit
// trail viewer, through the real app.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse, CustomerSearchResponse } from '@motor/contract';
import { auditLog, proposals, users } from '../../db/schema';
import { createBoundPolicyWithNumber } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { customerSearchStatement } from './repository';

const START = '2026-03-02T09:00:00.000Z';
const CUSTOMER_A = 'care-customer-a';
const CUSTOMER_B = 'care-customer-b';
const STAFF = 'care-staff';
const AUDITOR = 'care-auditor';

describe('the staff console API', () => {
  const suite = useTestApp({ at: START, seed: true });
  const { clock } = suite;
  let customerA: Record<string, string>;
  let staff: Record<string, string>;
  let auditor: Record<string, string>;
  let policyNumber: string;
  let externalReference: string;

  const addUser = async (user: Partial<typeof users.$inferInsert> & { userId: string }) => {
    const now = clock.now();
    await suite.app.db.insert(users).values({
      connection: 'email',
      username: user.email ?? user.userId,
      createdAt: now,
      updatedAt: now,
      ...user,
    });
  };

  beforeAll(async () => {
    await addUser({ userId: CUSTOMER_A, email: 'aurelia.quixley@example.com' });
    await addUser({
      userId: CUSTOMER_B,
      email: 'bob.quimby@example.com',
      phone: '+447700900111',
      firstName: 'Bob',
      lastName: 'Quimby',
    });
    await addUser({
      userId: STAFF,
      email: 'care.agent@example.com',
      firstName: 'Quimby',
      lastName: 'Staff',
      roles: ['admin'],
      permissions: ['access:impersonate'],
    });
    await addUser({
      userId: AUDITOR,
      email: 'auditor@example.com',
      roles: ['admin'],
      permissions: ['access:audit'],
    });
    customerA = await suite.customer(CUSTOMER_A);
    staff = await suite.staff(['access:impersonate'], { userId: STAFF });
    auditor = await suite.staff(['access:audit'], { userId: AUDITOR });
    const bound = await createBoundPolicyWithNumber(suite.app, customerA);
    ({ policyNumber } = bound);
    const [row] = await suite.app.db
      .select({ externalReference: proposals.externalReference })
      .from(proposals)
      .where(eq(proposals.proposalCode, bound.quote.proposalCode));
    externalReference = row!.externalReference;
  });

  const search = (q: string, headers: Record<string, string> = staff) =>
    suite.app.inject({
      method: 'GET',
      url: `/api/admin/customers?q=${encodeURIComponent(q)}`,
      headers,
    });
  const found = async (q: string) => {
    const res = await search(q);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as CustomerSearchResponse).results;
  };

  it('refuses the search to nobody (401) and to customers (403)', async () => {
    expect((await search('quimby', {})).statusCode).toBe(401);
    expect((await search('quimby', customerA)).statusCode).toBe(403);
  });

  it('refuses customers’ data to staff without access:impersonate (403), and audits it', async () => {
    const refusedSearch = await search('quimby', auditor);
    expect(refusedSearch.statusCode).toBe(403);
    expect(refusedSearch.json().error).toMatchObject({
      message: 'You are not authorised to perform this action.',
      details: { permission: 'access:impersonate' },
    });
    expect(refusedSearch.body).not.toContain('bob.quimby@example.com');
    const refusedPage = await suite.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${CUSTOMER_B}`,
      headers: auditor,
    });
    expect(refusedPage.statusCode).toBe(403);
    expect(refusedPage.body).not.toContain('bob.quimby@example.com');
    const rows = await suite.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, AUDITOR));
    expect(rows.map((row) => [row.action, row.target])).toEqual([
      ['staff.refused', 'GET /api/admin/customers 403'],
      ['staff.refused', `GET /api/admin/customers/${CUSTOMER_B} 403`],
    ]);
  });

  it('finds a customer by each field, in part and in any case', async () => {
    const ids = async (q: string) => (await found(q)).map((result) => result.userId);
    // The name bind copied from the quote (Jane Smith) and a name typed on the account.
    expect(await ids('jane SMI')).toEqual([CUSTOMER_A]);
    expect(await ids('QUIMB')).toEqual([CUSTOMER_B]);
    expect(await ids('Aurelia.Quix')).toEqual([CUSTOMER_A]);
    expect(await ids('07700 900111')).toEqual([CUSTOMER_B]);
    expect(await ids('900111')).toEqual([CUSTOMER_B]);
    expect(await ids('+4477009001')).toEqual([CUSTOMER_B]);
    expect(await ids(policyNumber.slice(-6).toLowerCase())).toEqual([CUSTOMER_A]);
    expect(await ids(externalReference.toLowerCase())).toEqual([CUSTOMER_A]);
    expect(await ids('bm24 x')).toEqual([CUSTOMER_A]);
    expect(await ids('24xy')).toEqual([CUSTOMER_A]);
  });

  it('finds any part of a value from 3 characters, in any case', async () => {
    const ids = async (q: string) => (await found(q)).map((result) => result.userId);
    expect(await ids('ELIA.QUIXLEY')).toEqual([CUSTOMER_A]);
    expect(await ids('uimby@EXAMPLE')).toEqual([CUSTOMER_B]);
  });

  it('finds values starting with a query of 2 characters, not values containing it', async () => {
    const ids = async (q: string) => (await found(q)).map((result) => result.userId);
    expect(await ids('bo')).toEqual([CUSTOMER_B]);
    expect(await ids('BO')).toEqual([CUSTOMER_B]);
    expect(await ids('ob')).toEqual([]);
  });

  it('searches for % and _ as themselves', async () => {
    await addUser({ userId: 'care-percent', email: 'pct%user@example.net' });
    await addUser({ userId: 'care-percent-not', email: 'pctxuser@example.net' });
    await addUser({ userId: 'care-underscore', email: 'und_r@example.net' });
    await addUser({ userId: 'care-underscore-not', email: 'under@example.net' });
    const ids = async (q: string) => (await found(q)).map((result) => result.userId);
    expect(await ids('PCT%U')).toEqual(['care-percent']);
    expect(await ids('t%u')).toEqual(['care-percent']);
    expect(await ids('und_r')).toEqual(['care-underscore']);
    expect(await ids('d_r@')).toEqual(['care-underscore']);
    expect(await ids('u_')).toEqual([]);
  });

  it('lists customers whose value starts with the query before those containing it', async () => {
    await addUser({ userId: 'care-contains', email: 'amy.penfold@example.net' });
    await addUser({ userId: 'care-starts', email: 'penfold@example.net' });
    const ids = async (q: string) => (await found(q)).map((result) => result.userId);
    expect(await ids('PENFOLD')).toEqual(['care-starts', 'care-contains']);
  });

  it('reads contains matches from the trigram index, as typed and without spaces', async () => {
    const [spaced, compact, short] = await suite.app.db.transaction(async (tx) => {
      // The test book is small enough to read whole; what matters is that the index can answer.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: string) => {
        const statement = customerSearchStatement(tx as unknown as typeof suite.app.db, query);
        // PGlite's and node-postgres's results differ in type; both carry `rows`.
        const result = (await tx.execute(sql`explain ${statement}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      return [await explain('BM24 X'), await explain('BM24X'), await explain('bm')];
    });
    const trigramScan = (pattern: string) =>
      new RegExp(
        `Index Scan on customer_search_value_trgm_idx .*\\n\\s+Index Cond: \\(value ~~ '${pattern}'::text\\)`,
      );
    expect(spaced).toMatch(trigramScan('%bm24 x%'));
    // With a space the same read also looks for the value without it (registrations, phones).
    expect(spaced).toContain("(value ~~ '%bm24x%'::text)");
    expect(spaced).not.toContain('Seq Scan on customer_search');
    expect(compact).toMatch(trigramScan('%bm24x%'));
    expect(compact).not.toContain('Seq Scan on customer_search');
    // Two characters have no trigram: the start of a value only, from an index.
    expect(short).not.toContain("'%bm");
    expect(short).not.toContain('Seq Scan on customer_search');
  });

  it('answers name, e-mail, policy numbers and what matched; never staff; nothing for %', async () => {
    const [result] = await found(policyNumber);
    expect(result).toMatchObject({
      userId: CUSTOMER_A,
      name: 'Jane Smith',
      email: 'aurelia.quixley@example.com',
      policyNumbers: [policyNumber],
      matchedFields: ['policy-number'],
    });
    expect((await found('care.agent')).length).toBe(0);
    expect((await found('%%')).length).toBe(0);
    expect((await search('a')).statusCode).toBe(400);
  });

  it('answers at most 20 customers', async () => {
    for (let i = 0; i < 25; i += 1) {
      await addUser({ userId: `care-many-${i}`, email: `many.${i}@example.org` });
    }
    expect((await found('example.org')).length).toBe(20);
  });

  it('shows staff a customer, audits each read, and refuses customers and unknown ids', async () => {
    const url = `/api/admin/customers/${CUSTOMER_A}`;
    expect((await suite.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await suite.app.inject({ method: 'GET', url, headers: customerA })).statusCode).toBe(
      403,
    );
    const unknown = await suite.app.inject({
      method: 'GET',
      url: '/api/admin/customers/nobody-here',
      headers: staff,
    });
    expect(unknown.statusCode).toBe(404);
    const staffAccount = await suite.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${AUDITOR}`,
      headers: staff,
    });
    expect(staffAccount.statusCode).toBe(404);
    const res = await suite.app.inject({ method: 'GET', url, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      userId: CUSTOMER_A,
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'aurelia.quixley@example.com',
      proposals: [{ externalReference, schemeCode: 'bmw-flex', status: 'POLICY' }],
      policies: [{ policyNumber, schemeCode: 'bmw-flex' }],
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await suite.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'care.view-customer'));
    expect(rows).toEqual([
      expect.objectContaining({
        actorUserId: STAFF,
        subjectUserId: CUSTOMER_A,
        target: `user:${CUSTOMER_A}`,
      }),
    ]);
    // The next read lists the previous one among the customer's recent audit entries.
    const again = await suite.app.inject({ method: 'GET', url, headers: staff });
    expect(again.json().audit[0]).toMatchObject({
      action: 'care.view-customer',
      actorUserId: STAFF,
      actorEmail: 'care.agent@example.com',
    });
  });

  it('lists quotes made at the same instant newest code first, the same at every read', async () => {
    const customerB = await suite.customer(CUSTOMER_B);
    const made: { proposalCode: string; externalReference: string }[] = [];
    for (let quote = 0; quote < 3; quote += 1) {
      const created = await suite.app.inject({
        method: 'POST',
        url: '/api/proposals',
        headers: customerB,
        payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
      });
      expect(created.statusCode, created.body).toBe(201);
      made.push(created.json());
    }
    const url = `/api/admin/customers/${CUSTOMER_B}`;
    const read = async () => {
      const res = await suite.app.inject({ method: 'GET', url, headers: staff });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { proposals: { externalReference: string; createdAt: string }[] })
        .proposals;
    };
    const first = await read();
    // The clock stands still here: all three were made at the same instant.
    expect(new Set(first.map((proposal) => proposal.createdAt)).size).toBe(1);
    const byCodeNewestFirst = [...made]
      .sort((a, b) => (a.proposalCode < b.proposalCode ? 1 : -1))
      .map((proposal) => proposal.externalReference);
    expect(first.map((proposal) => proposal.externalReference)).toEqual(byCodeNewestFirst);
    expect(await read()).toEqual(first);
  });

  it('does not show a customer’s own action as staff activity', async () => {
    clock.advance(60_000);
    const exported = await suite.app.inject({
      url: '/api/policyholder/data-export',
      headers: customerA,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const own = await suite.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'gdpr.export'));
    expect(own).toEqual([
      expect.objectContaining({ actorUserId: CUSTOMER_A, subjectUserId: CUSTOMER_A }),
    ]);
    const detail = await suite.app.inject({
      url: `/api/admin/customers/${CUSTOMER_A}`,
      headers: staff,
    });
    const shown = detail.json<{ audit: AuditListResponse['entries'] }>().audit;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((entry) => entry.actorUserId === STAFF)).toBe(true);
    const trail: AuditListResponse = (
      await suite.app.inject({ url: `/api/admin/audit?customer=${CUSTOMER_A}`, headers: auditor })
    ).json();
    expect(trail.entries.map((entry) => entry.action)).not.toContain('gdpr.export');
    expect(trail.entries.every((entry) => entry.actorUserId !== CUSTOMER_A)).toBe(true);
  });

  describe('the audit trail', () => {
    const audit = (query: string, headers: Record<string, string> = auditor) =>
      suite.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers });

    it('is for staff with access:audit only', async () => {
      expect((await audit('', {})).statusCode).toBe(401);
      expect((await audit('', customerA)).statusCode).toBe(403);
      const refused = await audit('', staff);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.details).toMatchObject({ permission: 'access:audit' });
    });

    it('lists entries newest first with who, for whom, what and when; filters', async () => {
      clock.advance(60_000);
      await suite.app.db.insert(auditLog).values({
        actorUserId: AUDITOR,
        subjectUserId: CUSTOMER_B,
        action: 'session.impersonate',
        target: `user:${CUSTOMER_B}`,
        at: clock.now(),
      });
      const all: AuditListResponse = (await audit('')).json();
      expect(all.entries[0]).toMatchObject({
        action: 'session.impersonate',
        actorUserId: AUDITOR,
        actorEmail: 'auditor@example.com',
        subjectUserId: CUSTOMER_B,
        subjectName: 'Bob Quimby',
        subjectEmail: 'bob.quimby@example.com',
      });
      const times = all.entries.map((entry) => entry.at);
      expect([...times].sort().reverse()).toEqual(times);

      const forA: AuditListResponse = (await audit(`?customer=${CUSTOMER_A}`)).json();
      expect(forA.entries.length).toBeGreaterThan(0);
      expect(forA.entries.every((entry) => entry.subjectUserId === CUSTOMER_A)).toBe(true);
      const byEmail: AuditListResponse = (
        await audit('?customer=Bob.Quimby@example.com&staff=auditor@example.com')
      ).json();
      expect(byEmail.entries.map((entry) => entry.action)).toEqual(['session.impersonate']);
      const byStaff: AuditListResponse = (await audit(`?staff=${STAFF}&limit=1`)).json();
      expect(byStaff.entries).toHaveLength(1);
      expect(byStaff.entries[0]!.actorUserId).toBe(STAFF);
      expect((await audit('?customer=nobody@example.com')).json()).toEqual({ entries: [] });
    });
  });
});
