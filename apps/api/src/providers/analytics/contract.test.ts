// The PostHog adapter (issue 32 item 1) against a local fake of PostHog's capture API: an event a
// consenting customer's page records reaches PostHog with the tracked user id, the brand and the
// scheme, and nothing that names the customer; closing the app sends what is still queued.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { createQuote } from '../../test/quotes';
import { createTestApp, createTestProviders } from '../../test/test-app';
import { createAnalytics } from './index';
import { startFakePosthog } from './fake-posthog';

describe('analytics provider: PostHog', () => {
  let fake: Awaited<ReturnType<typeof startFakePosthog>>;
  let app: App;

  beforeAll(async () => {
    fake = await startFakePosthog();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('is chosen by POSTHOG_API_KEY; without it nothing leaves the database', () => {
    expect(createAnalytics({ posthog: null, retentionDays: 30 }).adapter).toBe('none');
    expect(
      createAnalytics({ posthog: { apiKey: 'phc_x', host: fake.host }, retentionDays: 30 }).adapter,
    ).toBe('posthog');
  });

  it('sends the event pseudonymously, tagged with brand and scheme, and flushes on close', async () => {
    const clock = createTestClock('2026-03-16T09:00:00.000Z');
    const providers = {
      ...createTestProviders(),
      analytics: createAnalytics({
        posthog: { apiKey: 'phc_contract', host: fake.host },
        retentionDays: 30,
      }),
    };
    app = await createTestApp({ clock, providers });
    const userId = randomUUID();
    const headers = bearer(await createTestAccessToken(app, { userId }));
    const quote = await createQuote(app, headers);
    const res = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...headers, cookie: 'cookieConsent=true' },
      payload: {
        name: 'quote_shown',
        proposalCode: quote.proposalCode,
        path: `/flex/proposal/${quote.proposalCode}?email=jane.smith@example.com`,
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    // Batched: nothing is sent per request; closing the app sends the queue.
    await app.close();

    expect(fake.apiKeys).toContain('phc_contract');
    const sent = fake.events.filter((event) => event.event === 'quote_shown');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      distinct_id: userId,
      timestamp: '2026-03-16T09:00:00.000Z',
      properties: {
        brand: 'bmw',
        scheme: 'bmw-flex',
        $pathname: '/flex/proposal/:code',
      },
    });
    const everything = fake.bodies.join('\n');
    expect(everything).not.toContain(quote.proposalCode);
    expect(everything).not.toContain('jane.smith');
  });
});
