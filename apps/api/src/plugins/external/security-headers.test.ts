import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestApp } from '../../test/test-app';

function parseCsp(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...values] = directive.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  let app: App;
  let httpsApp: App;
  beforeAll(async () => {
    [app, httpsApp] = await Promise.all([
      createTestApp(),
      createTestApp({ config: { publicUrl: 'https://motor.example.com' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app.close(), httpsApp.close()]);
  });

  it('sends a Content-Security-Policy the SPA works under, and the other helmet headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(parseCsp(response.headers['content-security-policy'])).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'frame-src': "'self'",
      'frame-ancestors': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Served over http: no HSTS, no upgrade of requests to https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps personal answers out of caches and switches unused browser features off (issue 21 item 7)', async () => {
    for (const url of [
      '/api/proposals/unknown',
      '/api/policies',
      '/api/policyholder',
      '/api/health',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['permissions-policy'], url).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      );
    }
    const sandboxPage = await app.inject({ method: 'GET', url: '/sandbox/card/checkout/none' });
    expect(sandboxPage.headers['cache-control']).toBe('no-store');
    // Content pages may be cached: they say so themselves.
    const content = await app.inject({ method: 'GET', url: '/content/documents/flex/ipid.html' });
    expect(content.headers['cache-control']).not.toBe('no-store');
  });

  it('sends HSTS when the public address is https', async () => {
    const response = await httpsApp.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('sends the same helmet headers on a 404 and a 401 as on a page', async () => {
    const helmetNames = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const pick = (headers: Record<string, unknown>) =>
      Object.fromEntries(helmetNames.map((name) => [name, headers[name]]));
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    // Refused by authentication before any route runs.
    const refused = await app.inject({ method: 'GET', url: '/api/proposals/P-NO-TOKEN' });
    expect(Object.values(pick(health.headers)).every(Boolean)).toBe(true);
    expect(missing.statusCode).toBe(404);
    expect(pick(missing.headers)).toEqual(pick(health.headers));
    expect(refused.statusCode).toBe(401);
    expect(pick(refused.headers)).toEqual(pick(health.headers));
  });

  it('adds HSTS and upgrade-insecure-requests when served over https', async () => {
    const response = await httpsApp.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(parseCsp(response.headers['content-security-policy'])).toHaveProperty(
      'upgrade-insecure-requests',
    );
  });

  it('serves the docs page under the same policy (it needs no inline script)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(parseCsp(response.headers['content-security-policy'])['script-src']).toBe("'self'");
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
