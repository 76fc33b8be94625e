// Issue 31 item 4: what staff tried and the API refused is in the audit trail too, beside what
// they did: a phone payment answered 409, a page their permissions do not open.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { auditLog } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { createQuote } from '../policy/test-helpers';
import { PERMISSIONS } from './principal';
import { bearer, createTestAccessToken } from './test-tokens';

const START = '2026-03-02T09:00:00.000Z';
const CUSTOMER = 'refusals-customer';
const AGENT = 'refusals-agent';

describe('refused staff actions are audited', () => {
  const clock = createTestClock(START);
  let app: App;

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
  });
  afterAll(async () => {
    await app.close();
  });

  const refusals = () =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.refused'), eq(auditLog.actorUserId, AGENT)));

  it('a phone payment for a quote already bought answers 409 and leaves staff.refused', async () => {
    const customer = bearer(await createTestAccessToken(app, { userId: CUSTOMER }));
    const quote = await createQuote(app, customer);
    const agent = bearer(
      await createTestAccessToken(app, {
        userId: AGENT,
        roles: ['admin'],
        permissions: [PERMISSIONS.impersonate],
        impersonate: CUSTOMER,
      }),
    );
    const tokenized = await app.inject({
      method: 'POST',
      url: '/sandbox/card/tokenize',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12/30',
        cvc: '123',
      }).toString(),
    });
    expect(tokenized.statusCode, tokenized.body).toBe(201);
    const url = `/api/stripe/moto/checkout/proposal/${quote.proposalCode}`;
    const payload = {
      saveCard: false,
      token: tokenized.json<{ token: string }>().token,
      dateOfBirth: String(quote.quote.insuredProfiles[0]?.data.dateOfBirth),
      paymentMethodType: 'CARD',
    };
    const paid = await app.inject({ method: 'POST', url, headers: agent, payload });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await refusals()).toEqual([]);

    const again = await app.inject({ method: 'POST', url, headers: agent, payload });
    expect(again.statusCode, again.body).toBe(409);
    expect(await refusals()).toEqual([
      expect.objectContaining({
        actorUserId: AGENT,
        subjectUserId: CUSTOMER,
        target: `POST ${url} 409`,
      }),
    ]);
  });

  it('a page the staff member has no permission for leaves staff.refused; a customer’s 403 not', async () => {
    const before = (await refusals()).length;
    const agent = bearer(await createTestAccessToken(app, { userId: AGENT, roles: ['admin'] }));
    const jobs = await app.inject({ url: '/api/admin/jobs?state=FAILED', headers: agent });
    expect(jobs.statusCode).toBe(403);
    const rows = await refusals();
    expect(rows).toHaveLength(before + 1);
    // The query is left out: a search's query is what staff typed about a customer.
    expect(rows.map((row) => row.target)).toContain('GET /api/admin/jobs 403');

    const customer = bearer(await createTestAccessToken(app, { userId: CUSTOMER }));
    expect((await app.inject({ url: '/api/admin/jobs', headers: customer })).statusCode).toBe(403);
    const byCustomer = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.refused'), eq(auditLog.actorUserId, CUSTOMER)));
    expect(byCustomer).toEqual([]);
  });
});
