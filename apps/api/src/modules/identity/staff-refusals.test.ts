// Issue 31 item 4: what staff tried and the API refused is in the audit trail too, beside what
// they did: a phone payment answered 409, a page their permissions do not open.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createQuote } from '../../test/quotes';
import { PERMISSIONS } from './principal';

const START = '2026-03-02T09:00:00.000Z';
const CUSTOMER = 'refusals-customer';
const AGENT = 'refusals-agent';

describe('refused staff actions are audited', () => {
  const suite = useTestApp({ at: START, seed: true });

  const refusals = () =>
    suite.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.refused'), eq(auditLog.actorUserId, AGENT)));

  it('a phone payment for a quote already bought answers 409 and leaves staff.refused', async () => {
    const customer = await suite.customer(CUSTOMER);
    const quote = await createQuote(suite.app, customer);
    const agent = await suite.staff([PERMISSIONS.impersonate], {
      userId: AGENT,
      impersonate: CUSTOMER,
    });
    const tokenized = await suite.app.inject({
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
    const paid = await suite.app.inject({ method: 'POST', url, headers: agent, payload });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await refusals()).toEqual([]);

    const again = await suite.app.inject({ method: 'POST', url, headers: agent, payload });
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
    const agent = await suite.staff([], { userId: AGENT });
    const jobs = await suite.app.inject({ url: '/api/admin/jobs?state=FAILED', headers: agent });
    expect(jobs.statusCode).toBe(403);
    const rows = await refusals();
    expect(rows).toHaveLength(before + 1);
    // The query is left out: a search's query is what staff typed about a customer.
    expect(rows.map((row) => row.target)).toContain('GET /api/admin/jobs 403');

    const customer = await suite.customer(CUSTOMER);
    expect((await suite.app.inject({ url: '/api/admin/jobs', headers: customer })).statusCode).toBe(
      403,
    );
    const byCustomer = await suite.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.refused'), eq(auditLog.actorUserId, CUSTOMER)));
    expect(byCustomer).toEqual([]);
  });
});
