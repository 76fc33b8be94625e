import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insightFeedback, insightImpressions } from '../../db/schema';
import { createBoundPolicy } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';

describe('insights', () => {
  const suite = useTestApp({
    at: '2026-03-02T09:00:00.000Z',
    seed: true,
    assertLedgerBalanced: true,
  });
  let headers: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    headers = await suite.customer('insight-owner');
    other = await suite.customer('insight-other');
  });

  const post = (url: string, payload: object, as = headers) =>
    suite.app.inject({ method: 'POST', url, headers: as, payload });

  it('stores bind feedback tagged with the policy, rating 1 to 10 only', async () => {
    const { policyId } = await createBoundPolicy(suite.app, headers);
    const res = await post('/api/insights/feedback', { policyId, rating: 9, comment: ' Quick ' });
    expect(res.statusCode, res.body).toBe(201);
    for (const rating of [0, 11, 5.5]) {
      const bad = await post('/api/insights/feedback', { policyId, rating });
      expect(bad.statusCode).toBe(400);
    }
    const refused = await post('/api/insights/feedback', { policyId, rating: 1 }, other);
    expect(refused.statusCode).toBe(404);
    const rows = await suite.app.db
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
    const rows = await suite.app.db
      .select()
      .from(insightImpressions)
      .where(eq(insightImpressions.proposalCode, proposalCode));
    expect(rows).toMatchObject([{ values: { utm_source: 'mail' } }]);
  });
});
