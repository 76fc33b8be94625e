// Issue 32 items 1 and 2: analytics only with consent, pseudonymous, erased with the customer's
// data and kept no longer than the retention; and the quote funnel staff read at
// /admin/insights, from the events the pages recorded.
import { randomUUID } from 'node:crypto';
import type { InsightsFunnelResponse } from '@motor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, users } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { runDueJobs } from '../jobs/runner';
import { createQuote } from '../../test/quotes';
import { NO_CONSENT_MESSAGE } from './routes';

const CONSENTED = { cookie: 'other=1; cookieConsent=true' };
const DAY = '2026-03-16';

describe('analytics and the quote funnel', () => {
  const suite = useTestApp({ at: `${DAY}T09:00:00.000Z` });
  const { clock } = suite;
  let staff: Record<string, string>;
  const customer = async () => {
    const userId = randomUUID();
    // Signed in for a day: the funnel's journeys take minutes of the test clock.
    const token = await createTestAccessToken(suite.app, { userId, expiresIn: 86_400 });
    return { userId, headers: bearer(token) };
  };
  const track = (headers: Record<string, string>, body: Record<string, unknown>) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...headers, ...CONSENTED },
      payload: { path: '/flex', ...body },
    });
  const stored = () => suite.app.db.select().from(analyticsEvents);
  const funnel = async (query = `from=${DAY}&to=${DAY}`) => {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/admin/insights?${query}`,
      headers: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as InsightsFunnelResponse;
  };

  beforeAll(async () => {
    staff = bearer(
      await createTestAccessToken(suite.app, {
        roles: ['admin'],
        permissions: ['access:operations'],
        expiresIn: 7 * 86_400,
      }),
    );
  });

  it('records nothing without consent, for staff, or about another customer’s quote', async () => {
    const { headers } = await customer();
    const quote = await createQuote(suite.app, headers);
    for (const cookie of [
      undefined,
      'cookieConsent=false',
      'cookieConsent=null',
      'cookieConsent=%E0%A4%A',
    ]) {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        headers: cookie ? { ...headers, cookie } : headers,
        payload: { name: 'quote_shown', path: '/flex', proposalCode: quote.proposalCode },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        'Analytics are recorded only with consent: accept analytics cookies first.',
      );
      expect(NO_CONSENT_MESSAGE).toBe(res.json().error.message);
    }
    const admin = await suite.staff(['access:operations']);
    expect((await track(admin, { name: 'page_viewed' })).statusCode).toBe(403);
    const stranger = await customer();
    const foreign = await track(stranger.headers, {
      name: 'quote_shown',
      proposalCode: quote.proposalCode,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await track(headers, { name: 'quote_bought_twice' });
    expect(unknown.statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('keeps an event pseudonymous: the session’s user id, brand, scheme, a path without codes', async () => {
    const { userId, headers } = await customer();
    const quote = await createQuote(suite.app, headers);
    const res = await track(headers, {
      name: 'disclosure_section_viewed',
      section: 'your-car',
      proposalCode: quote.proposalCode,
      path: `/flex/proposal/${quote.proposalCode}/disclosure/your-car?email=jane@example.com`,
    });
    expect(res.statusCode, res.body).toBe(202);
    const [row] = (await stored()).filter((event) => event.proposalCode === quote.proposalCode);
    expect(row).toMatchObject({
      name: 'disclosure_section_viewed',
      trackedUserId: userId,
      brand: 'bmw',
      schemeCode: 'bmw-flex',
      section: 'your-car',
      path: '/flex/proposal/:code/disclosure/your-car',
    });
  });

  it('draws the funnel by product: reached, conversion, drop-off, median time, refusal rates', async () => {
    await suite.app.db.delete(analyticsEvents);
    clock.set(`${DAY}T10:00:00.000Z`);
    // Three flex journeys: one bought, one refused at the ID check, one referred.
    const steps = (upTo: number) =>
      [
        { name: 'product_started' },
        { name: 'disclosure_section_viewed', section: 'about-you' },
        { name: 'disclosure_section_viewed', section: 'your-car' },
        { name: 'disclosure_section_viewed', section: 'contact-details' },
        { name: 'disclosure_section_viewed', section: 'your-cover' },
        { name: 'disclosure_section_viewed', section: 'start-date' },
        { name: 'quote_shown' },
        { name: 'add_ons_viewed' },
        { name: 'summary_viewed' },
        { name: 'checkout_started' },
        { name: 'policy_bound' },
      ].slice(0, upTo);
    const walk = async (events: Record<string, unknown>[], secondsApart: number) => {
      const { headers } = await customer();
      const quote = await createQuote(suite.app, headers);
      for (const event of events) {
        const res = await track(headers, { ...event, proposalCode: quote.proposalCode });
        expect(res.statusCode, res.body).toBe(202);
        clock.advance(secondsApart * 1000);
      }
    };
    await walk([...steps(7), { name: 'id_check_passed' }, ...steps(11).slice(7)], 60);
    await walk([...steps(7), { name: 'id_check_refused' }], 120);
    await walk([...steps(6), { name: 'quote_referred' }], 30);
    // Another day's journey is outside the range.
    clock.set('2026-03-17T10:00:00.000Z');
    await walk(steps(3), 10);

    const { products } = await funnel();
    expect(products.map((product) => product.schemeCode)).toEqual(['bmw-flex']);
    const [flex] = products;
    expect(flex?.journeys).toBe(3);
    const byStep = Object.fromEntries(flex!.steps.map((step) => [step.step, step]));
    expect(byStep.product_started).toMatchObject({ reached: 3, conversion: null, dropOff: 0 });
    // The additional-drivers page was skipped: reaching a later step counts it reached.
    expect(byStep['section:additional-drivers']).toMatchObject({ reached: 3, conversion: 1 });
    expect(byStep.quote_shown).toMatchObject({ reached: 2, dropOff: 1 });
    expect(byStep.quote_shown!.conversion).toBeCloseTo(2 / 3);
    expect(byStep.add_ons_viewed).toMatchObject({ reached: 1, dropOff: 1, conversion: 0.5 });
    // Signing in happened before the quote: reached, since checkout was.
    expect(byStep.signed_in).toMatchObject({ reached: 1, dropOff: 0 });
    expect(byStep.policy_bound).toMatchObject({ reached: 1, conversion: 1 });
    // From about-you to your-car: 60 s and 120 s and 30 s: the median is 60 s.
    expect(byStep['section:your-car']?.medianSeconds).toBe(60);
    // quote shown → add-ons: one journey, with the ID check's minute between.
    expect(byStep.add_ons_viewed?.medianSeconds).toBe(120);
    expect(flex?.referral).toEqual({ count: 1, outOf: 3, rate: 1 / 3 });
    expect(flex?.idCheckRefusal).toEqual({ count: 1, outOf: 2, rate: 0.5 });

    const both = await funnel(`from=${DAY}&to=2026-03-17`);
    expect(both.products[0]?.journeys).toBe(4);
    const backwards = await suite.app.inject({
      method: 'GET',
      url: `/api/admin/insights?from=2026-03-17&to=${DAY}`,
      headers: staff,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('The first day must not be after the last.');
  });

  it('is for staff with access:operations only', async () => {
    const { headers } = await customer();
    const url = `/api/admin/insights?from=${DAY}&to=${DAY}`;
    expect((await suite.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    const care = await suite.staff([]);
    expect((await suite.app.inject({ method: 'GET', url, headers: care })).statusCode).toBe(403);
    expect((await suite.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('erases a customer’s events with their data, and keeps none past the retention', async () => {
    const kept = await customer();
    const erased = await customer();
    for (const who of [kept, erased]) {
      const quote = await createQuote(suite.app, who.headers);
      expect(
        (await track(who.headers, { name: 'quote_shown', proposalCode: quote.proposalCode }))
          .statusCode,
      ).toBe(202);
      expect((await track(who.headers, { name: 'page_viewed' })).statusCode).toBe(202);
    }
    // The account a sign-in would have made (erasure finds the customer by it).
    await suite.app.db.insert(users).values({
      userId: erased.userId,
      connection: 'email',
      username: 'analytics-erased@example.com',
      email: 'analytics-erased@example.com',
      roles: [],
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const eraser = await suite.staff(['action:gdpr-erase']);
    const erasure = await suite.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${erased.userId}/erasure`,
      headers: eraser,
    });
    expect(erasure.statusCode, erasure.body).toBe(200);
    const trackedUsers = new Set((await stored()).map((event) => event.trackedUserId));
    expect(trackedUsers.has(erased.userId)).toBe(false);
    expect(trackedUsers.has(kept.userId)).toBe(true);

    // 395 days (the default retention) later, the nightly purge has removed them all.
    clock.advance(396 * 86_400_000);
    await runDueJobs(suite.app);
    expect(await stored()).toEqual([]);
  });
});
