import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { sendAnalyticsEvent } from './analytics';
import { writeCookieConsent } from './cookie-consent';

// Issue 32 item 1: a page sends an analytics event only with consent to analytics, read at each
// event, so withdrawing consent stops the very next one.

const clearConsent = () => {
  document.cookie = 'cookieConsent=; Max-Age=0; Path=/';
};

afterEach(() => {
  clearConsent();
  vi.unstubAllGlobals();
});

describe('analytics in the page', () => {
  const setUp = () => {
    const fetchMock = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 202 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createApiClient({ getAccessToken: () => 'token' });
    const sent = () =>
      fetchMock.mock.calls.map(([url, init]) => ({
        url: String(url),
        body: JSON.parse(String(init?.body)) as unknown,
      }));
    return { client, sent };
  };

  it('sends nothing before the visitor chooses, or after they reject analytics', () => {
    const { client, sent } = setUp();
    sendAnalyticsEvent(client, { name: 'page_viewed' }, '/');
    writeCookieConsent(false);
    sendAnalyticsEvent(client, { name: 'page_viewed' }, '/');
    expect(sent()).toEqual([]);
  });

  it('sends with consent, and stops at once when consent is withdrawn', async () => {
    const { client, sent } = setUp();
    writeCookieConsent(true);
    sendAnalyticsEvent(
      client,
      { name: 'quote_shown', proposalCode: 'AB12CD' },
      '/flex/proposal/AB12CD',
    );
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      url: '/api/analytics/events',
      body: { name: 'quote_shown', proposalCode: 'AB12CD', path: '/flex/proposal/AB12CD' },
    });
    writeCookieConsent(false);
    sendAnalyticsEvent(client, { name: 'page_viewed' }, '/');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toHaveLength(1);
  });

  it('never throws when the API refuses or cannot be reached', async () => {
    writeCookieConsent(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const client = createApiClient({ getAccessToken: () => 'token' });
    expect(() => sendAnalyticsEvent(client, { name: 'page_viewed' }, '/')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
