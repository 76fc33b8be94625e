// Issue 30 item 3, "staff see it": the staff console's list of policies not taken up, and the
// customer's page naming why. Bought by Direct Debit through the calls the browser makes on the
// sandbox's 'Fail Payment' (the deposit fails) and 'Never Settle' (it never settles) accounts;
// the clock moves day by day and the due jobs decide.
import { describe, expect, it } from 'vitest';
import type { CustomerDetailResponse, NotTakenUpPoliciesResponse } from '@motor/contract';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { SANDBOX_GOOD_BANK } from '../../test/sandbox-payments';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { liveDaysUntil } from '../../test/live-days';

// Thursday 5 March 2026: the deposits are charged on Tuesday 10 March.
const START = '2026-03-05T10:00:00.000Z';

describe('GET /api/admin/not-taken-up', () => {
  const suite = useTestApp({ at: START, assertLedgerBalanced: true });
  const { clock } = suite;

  const daysUntil = (until: string) => liveDaysUntil(suite.app, clock, until);

  const staff = async (permissions: string[]) =>
    await suite.staff(permissions, { userId: 'ntu-staff' });
  const list = async (headers: Record<string, string>) =>
    suite.app.inject({ method: 'GET', url: '/api/admin/not-taken-up', headers });

  it('lists each policy not taken up with its customer, inception, when and why; only to staff who may see customers', async () => {
    // The customer's sign-up (identity, not money): the console names them from it.
    await suite.app.db.insert(users).values({
      userId: 'ntu-failed',
      connection: 'email',
      username: 'jane.smith@example.com',
      email: 'jane.smith@example.com',
      firstName: 'Jane',
      lastName: 'Smith',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const failed = await buyFlexByDirectDebit(suite.app, 'ntu-failed', {
      ...SANDBOX_GOOD_BANK,
      accountHolderName: 'Fail Payment',
    });
    const unsettled = await buyFlexByDirectDebit(suite.app, 'ntu-unsettled', {
      ...SANDBOX_GOOD_BANK,
      accountHolderName: 'Never Settle',
    });
    expect((await list(await staff(['access:impersonate']))).json()).toEqual({ policies: [] });

    await daysUntil('2026-03-20T10:00:00.000Z');
    // Signed in now (a token from the day of purchase has expired).
    const seeing = await staff(['access:impersonate']);
    const res = await list(seeing);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { policies } = res.json() as NotTakenUpPoliciesResponse;
    // Newest first: the unsettled one became NTU when its window ran out, after the failed one.
    expect(policies.map((row) => row.policyNumber)).toEqual([
      unsettled.policyNumber,
      failed.policyNumber,
    ]);
    expect(policies[1]).toEqual({
      policyId: failed.policyId,
      policyNumber: failed.policyNumber,
      customerUserId: 'ntu-failed',
      customerName: 'Jane Smith',
      inceptedAt: '2026-03-05T10:00:00.000Z',
      notTakenUp: { at: expect.any(String), reason: 'FIRST_PAYMENT_FAILED' },
    });
    expect(policies[0]).toMatchObject({
      customerUserId: 'ntu-unsettled',
      notTakenUp: { reason: 'FIRST_PAYMENT_NOT_SETTLED' },
    });
    // The unsettled one at the first run past its 14 days from the collection asked for at bind.
    expect(policies[0]!.notTakenUp.at.slice(0, 10)).toBe('2026-03-19');
    expect(policies[1]!.notTakenUp.at < policies[0]!.notTakenUp.at).toBe(true);

    // The customer's page in the console says the same of the policy.
    const detail = await suite.app.inject({
      method: 'GET',
      url: '/api/admin/customers/ntu-failed',
      headers: seeing,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const [policy] = (detail.json() as CustomerDetailResponse).policies;
    expect(policy).toMatchObject({
      policyNumber: failed.policyNumber,
      status: 'NTU',
      notTakenUp: policies[1]!.notTakenUp,
    });

    // Staff without access:impersonate (operations only, or nothing), customers, nobody: refused.
    expect((await list(await staff(['access:operations']))).statusCode).toBe(403);
    expect((await list(await staff([]))).statusCode).toBe(403);
    const customer = await suite.customer('ntu-failed');
    expect((await list(customer)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
  });
});
