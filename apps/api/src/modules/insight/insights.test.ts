import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { insightFeedback, insightImpressions } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { assertLedgerBalanced } from '../billing/testing';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { computeAmountDueAtBind } from '../policy/amounts';
import { bindProposal } from '../../flows/bind-policy';
import { createQuote } from '../policy/test-helpers';

describe('insights', () => {
  const clock = createTestClock('2026-03-02T09:00:00.000Z');
  let app: App;
  let headers: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
    headers = bearer(await createTestAccessToken(app, { userId: 'insight-owner' }));
    other = bearer(await createTestAccessToken(app, { userId: 'insight-other' }));
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  const post = (url: string, payload: object, as = headers) =>
    app.inject({ method: 'POST', url, headers: as, payload });

  it('stores bind feedback tagged with the policy, rating 1 to 10 only', async () => {
    const quote = await createQuote(app, headers);
    const { policyId } = await bindProposal(app, {
      proposalCode: quote.proposalCode,
      principal: { kind: 'system', name: 'test' },
      payment: {
        provider: 'CARD',
        providerPaymentId: 'pi_insight',
        amountPence: computeAmountDueAtBind(quote.quote).totalPence,
        settled: true,
      },
    });
    const res = await post('/api/insights/feedback', { policyId, rating: 9, comment: ' Quick ' });
    expect(res.statusCode, res.body).toBe(201);
    for (const rating of [0, 11, 5.5]) {
      const bad = await post('/api/insights/feedback', { policyId, rating });
      expect(bad.statusCode).toBe(400);
    }
    const refused = await post('/api/insights/feedback', { policyId, rating: 1 }, other);
    expect(refused.statusCode).toBe(404);
    const rows = await app.db
      .select()
      .from(insightFeedback)
      .where(eq(insightFeedback.policyId, policyId));
    expect(rows).toMatchObject([
      {
        type: 'bind',
        rating: 9,
        comment: 'Quick',
        tags: { policyId },
        ownerUserId: 'insight-owner',
      },
    ]);
  });

  it('records one impression per proposal, however often it is posted', async () => {
    const created = await post('/api/proposals', { schemeCode: 'bmw-flex' });
    const proposalCode = created.json().proposalCode;
    const first = await post('/api/insights/impression', {
      proposalCode,
      values: { utm_source: 'mail' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/api/insights/impression', {
      proposalCode,
      values: { utm_source: 'other' },
    });
    expect(again.json()).toEqual({ accepted: true });
    const refused = await post('/api/insights/impression', { proposalCode }, other);
    expect(refused.statusCode).toBe(404);
    const rows = await app.db
      .select()
      .from(insightImpressions)
      .where(eq(insightImpressions.proposalCode, proposalCode));
    expect(rows).toMatchObject([{ values: { utm_source: 'mail' } }]);
  });
});
