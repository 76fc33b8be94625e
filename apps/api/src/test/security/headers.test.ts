// Issue 21 item 12: the header walk. Every page (the SPA's routes, served by the web-app
// plugin's history fallback from a built bundle made here), every API operation of the OpenAPI
// document (as its owner and anonymously), the embedded identity provider's pages under /auth
// (discovery, the authorization redirect, the sign-in interaction, its code and error pages,
// sign-out), the sandbox payment pages and every content page are fetched, and each answer's
// headers are checked:
// - Cache-Control no-store on /api, /sandbox, /auth and /dev answers (personal, never cached);
// - Permissions-Policy; X-Content-Type-Options nosniff; Referrer-Policy;
// - a CSP whose script-src (or its default-src fallback) has no 'unsafe-inline', and
//   frame-ancestors;
// - HSTS only when PUBLIC_URL is https (a second app on https://motor.example.com);
// - every Set-Cookie HttpOnly with a SameSite, and Secure when the app is served over https
//   (a Secure cookie is not kept by a browser on a plain-http address, so on http it cannot be).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { listContentPages } from '../../modules/content/routes';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { createQuote } from '../quotes';
import { createTestApp, createTestConfig } from '../test-app';
import type { OpenApiDocument } from './schema-fuzz-arbitraries';

const START = '2026-03-02T09:00:00.000Z';
const HTTPS_URL = 'https://motor.example.com';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const ASSET = '/assets/index-a1b2c3.js';
const NO_STORE_PREFIXES = ['/api/', '/sandbox/', '/auth/', '/dev/'];

/**
 * The SPA's routes (apps/web/src/app/routes.tsx). The server answers every one of them the same
 * way (index.html by the history fallback), so these stand for the route table.
 */
function listSpaPages(ids: { proposalCode: string; policyId: string }): string[] {
  return [
    '/',
    '/retrieve',
    '/retrieve/abc',
    '/admin',
    '/callback?code=x&state=y',
    '/sign-in',
    '/unsupported-browser',
    '/account',
    '/account/personal-details',
    '/flex',
    '/driveaway',
    `/flex/proposal/${ids.proposalCode}`,
    `/flex/proposal/${ids.proposalCode}/summary`,
    `/flex/proposal/${ids.proposalCode}/checkout`,
    `/flex/renewal/${ids.proposalCode}`,
    `/flex/policy/${ids.policyId}`,
    `/flex/policy/${ids.policyId}/documents`,
    '/no-such-page',
  ];
}

type Answer = {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
};

type Walk = { app: App; isHttps: boolean; label: string };

function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...values] = directive.split(/\s+/);
        return [name.toLowerCase(), values] as const;
      }),
  );
}

function asList(value: Answer['headers'][string]): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/** Cookies a browser would send back, from the answers' Set-Cookie headers. */
function keepCookies(jar: Map<string, string>, answer: Answer) {
  for (const line of asList(answer.headers['set-cookie'])) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
}

function cookieHeader(jar: Map<string, string>): Record<string, string> {
  if (jar.size === 0) return {};
  return { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
}

describe('security headers on every page and route (issue 21 item 12)', () => {
  const clock = createTestClock(START);
  let app: App;
  let httpsApp: App;
  let distDir: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    // No web bundle in tests (WEB_DIST_DIR points nowhere): a minimal one, as web-app.test.ts does.
    distDir = await mkdtemp(path.join(tmpdir(), 'motor-headers-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, ASSET.slice(1)), 'console.log("app");');
    const identity = createTestConfig().identity;
    [app, httpsApp] = await Promise.all([
      createTestApp({ clock, seed: true, config: { webDistDir: distDir } }),
      createTestApp({
        clock,
        seed: true,
        config: {
          webDistDir: distDir,
          publicUrl: HTTPS_URL,
          identity: { ...identity, issuer: `${HTTPS_URL}/auth`, audience: `${HTTPS_URL}/api` },
        },
      }),
    ]);
    const answer = await app.inject({ url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await Promise.all([app?.close(), httpsApp?.close()]);
    await rm(distDir, { recursive: true, force: true });
  });

  /** Every header rule above, on one answer; returns the failures and counts the checks. */
  function checkAnswer(
    walk: Walk,
    answer: Answer,
    counter: { checks: number; cookies: number },
  ): string[] {
    const failures: string[] = [];
    const where = `${walk.label} ${answer.method} ${answer.url.slice(0, 100)} (${answer.statusCode})`;
    const fail = (message: string) => failures.push(`${where}: ${message}`);
    const header = (name: string) => {
      counter.checks += 1;
      return asList(answer.headers[name]).join(', ');
    };
    const pathName = answer.url.split('?')[0]!;

    if (NO_STORE_PREFIXES.some((prefix) => pathName.startsWith(prefix))) {
      const cacheControl = header('cache-control');
      if (!/\bno-store\b/.test(cacheControl))
        fail(`Cache-Control is "${cacheControl}", not no-store`);
    }
    if (!header('permissions-policy').includes('camera=()')) fail('no Permissions-Policy');
    if (header('x-content-type-options') !== 'nosniff')
      fail('X-Content-Type-Options is not nosniff');
    if (!header('referrer-policy')) fail('no Referrer-Policy');
    const hsts = header('strict-transport-security');
    if (walk.isHttps && !/max-age=\d{7,}/.test(hsts)) fail(`HSTS is "${hsts}"`);
    if (!walk.isHttps && hsts) fail(`HSTS on plain http: "${hsts}"`);

    const cspHeaders = asList(answer.headers['content-security-policy']);
    counter.checks += 1;
    if (cspHeaders.length === 0) fail('no Content-Security-Policy');
    for (const csp of cspHeaders) {
      const directives = parseCsp(csp);
      const scripts = directives.get('script-src') ?? directives.get('default-src');
      if (!scripts) fail(`CSP without script-src or default-src: ${csp}`);
      else if (scripts.includes("'unsafe-inline'")) fail(`CSP allows inline scripts: ${csp}`);
      if (!directives.has('frame-ancestors')) fail(`CSP without frame-ancestors: ${csp}`);
    }

    for (const cookie of asList(answer.headers['set-cookie'])) {
      counter.checks += 1;
      counter.cookies += 1;
      const attributes = cookie
        .split(';')
        .slice(1)
        .map((attribute) => attribute.trim().toLowerCase());
      const name = cookie.split('=')[0];
      if (!attributes.includes('httponly')) fail(`cookie ${name} is not HttpOnly`);
      if (!attributes.some((attribute) => /^samesite=(lax|strict)$/.test(attribute))) {
        fail(`cookie ${name} has no SameSite=Lax/Strict: ${cookie}`);
      }
      if (walk.isHttps && !attributes.includes('secure')) fail(`cookie ${name} is not Secure`);
    }
    return failures;
  }

  async function walkApp(walk: Walk) {
    const { app: target, isHttps } = walk;
    const origin = isHttps ? HTTPS_URL : 'http://localhost:3000';
    // Behind the TLS-terminating proxy the https deployment runs behind.
    const forwarded: Record<string, string> = isHttps
      ? { 'x-forwarded-proto': 'https', host: 'motor.example.com' }
      : {};
    const counter = { checks: 0, cookies: 0 };
    const failures: string[] = [];
    const counts = { pages: 0, routes: 0, auth: 0, sandbox: 0, content: 0 };
    const call = async (options: {
      method?: string;
      url: string;
      headers?: Record<string, string>;
      payload?: string;
    }): Promise<Answer> => {
      const method = options.method ?? 'GET';
      const response = await target.inject({
        method: method as 'GET',
        url: options.url,
        headers: { ...forwarded, ...options.headers },
        ...(options.payload === undefined ? {} : { payload: options.payload }),
      });
      const answer = {
        method,
        url: options.url,
        statusCode: response.statusCode,
        headers: response.headers,
      };
      failures.push(...checkAnswer(walk, answer, counter));
      return answer;
    };

    // A customer with a quote (the one the sandbox pages pay for) and a bound-looking policy id.
    const customer = bearer(await createTestAccessToken(target, { userId: 'headers-owner' }));
    const quote = await createQuote(target, customer);
    const ids = { proposalCode: quote.proposalCode, policyId: 'pol_headers_none' };

    // A card checkout session and a mandate flow for it: their sandbox pages are walked below
    // (made before the API walk, which deletes the quote).
    const checkout = await target.inject({
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${ids.proposalCode}`,
      headers: customer,
      // By card alone: a flex quote is DUAL (a mandate first) by default.
      payload: {
        successPath: '/checkout/return',
        cancelPath: '/checkout/return',
        paymentMethodType: 'CARD',
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const checkoutPath = new URL(checkout.json<{ url: string }>().url, origin).pathname;
    const flow = await target.inject({
      method: 'POST',
      url: '/api/goCardless/flows',
      headers: customer,
      payload: {
        mandateDescription: 'Motor insurance',
        successUrl: '/checkout/return',
        proposalCode: ids.proposalCode,
      },
    });
    expect(flow.statusCode, flow.body).toBe(201);
    const flowPath = new URL(flow.json<{ redirectUrl: string }>().redirectUrl, origin).pathname;
    const bankPayment = await target.inject({
      method: 'POST',
      url: `/api/goCardless/bank-payments/proposal/${ids.proposalCode}`,
      headers: customer,
      payload: { successPath: '/checkout/return', cancelPath: '/checkout' },
    });
    expect(bankPayment.statusCode, bankPayment.body).toBe(201);
    const bankPath = new URL(bankPayment.json<{ redirectUrl: string }>().redirectUrl, origin)
      .pathname;

    // Pages.
    for (const url of listSpaPages(ids)) {
      const answer = await call({ url, headers: { accept: BROWSER_ACCEPT } });
      expect(answer.statusCode, url).toBe(200);
      counts.pages += 1;
    }
    for (const url of [ASSET, '/assets/missing-123.js']) {
      await call({ url });
      counts.pages += 1;
    }

    // API operations, as the owner and anonymously.
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const url = template
          .replace('{code}', ids.proposalCode)
          .replace('{doc}', 'policy-certificate')
          .replace('{table}', 'BMWRetailers')
          .replace('{vrn}', 'BM24XYZ')
          .replace(/\{\w+\}/g, 'none');
        const content = operation.requestBody?.content?.['application/json'];
        const hasBody = method !== 'get' && method !== 'delete';
        for (const headers of [customer, {}]) {
          await call({
            method: method.toUpperCase(),
            url,
            headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(hasBody ? { payload: JSON.stringify(content?.example ?? {}) } : {}),
          });
        }
        counts.routes += 1;
      }
    }
    // Also the answers made before routing (bad %-encoding, an over-long id) and a miss.
    for (const url of [
      '/api/docs',
      '/api/docs/static/index.html',
      '/api/no-such-route',
      '/api/proposals/%zz',
      `/api/proposals/${'a'.repeat(200)}`,
    ]) {
      await call({ url, headers: { accept: BROWSER_ACCEPT } });
    }

    // The identity provider: discovery, keys, the authorization request and its sign-in pages.
    const jar = new Map<string, string>();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URLSearchParams({
      client_id: target.config.identity.clientId,
      response_type: 'code',
      redirect_uri: `${origin}/callback`,
      scope: 'openid email profile api',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'header-walk',
    });
    for (const url of ['/auth/.well-known/openid-configuration', '/auth/jwks', '/auth/me']) {
      await call({ url });
      counts.auth += 1;
    }
    const started = await call({ url: `/auth/auth?${authorize}` });
    counts.auth += 1;
    expect(started.statusCode, 'authorization redirect').toBe(303);
    keepCookies(jar, started);
    const interaction = new URL(String(started.headers.location), origin).pathname;
    expect(interaction).toMatch(/^\/auth\/interaction\//);
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { ...cookieHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const signInPage = await call({ url: interaction, headers: cookieHeader(jar) });
    expect(signInPage.statusCode, 'sign-in page').toBe(200);
    const email = `headers.${isHttps ? 'https' : 'http'}@example.com`;
    await call({ url: `${interaction}/send`, ...form({ identifier: 'not an address' }) });
    await call({ url: `${interaction}/send`, ...form({ identifier: email }) });
    await call({ url: `${interaction}/verify`, ...form({ identifier: email, code: '000000' }) });
    await call({ url: '/auth/interaction/no-such-interaction' });
    await call({ url: '/auth/session/end' });
    await call({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=forged',
    });
    await call({ url: '/auth/no-such-endpoint' });
    counts.auth += 7;

    // Sandbox pages: the real checkout session and mandate flow, and unknown ids.
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const request of [
      { url: checkoutPath },
      { url: checkoutPath, method: 'POST', headers: formHeaders, payload: 'cardNumber=1' },
      { url: `${checkoutPath}/authenticate`, method: 'POST', headers: formHeaders, payload: '' },
      { url: '/sandbox/card/checkout/no-such-session' },
      { url: '/sandbox/card/tokenize' },
      { url: flowPath },
      { url: flowPath, method: 'POST', headers: formHeaders, payload: 'sortCode=00' },
      { url: `${flowPath}/confirm`, method: 'POST', headers: formHeaders, payload: '' },
      { url: '/sandbox/direct-debit/no-such-flow' },
      // The sandbox bank's instant payment page: shown, refused details, an unknown id.
      { url: bankPath },
      {
        url: bankPath,
        method: 'POST',
        headers: formHeaders,
        payload: 'action=approve&sortCode=00',
      },
      { url: '/sandbox/bank-payment/no-such-payment' },
      // The sandbox FNOL (online claim) page: an unknown or used link, read and posted.
      { url: '/sandbox/fnol/no-such-link' },
      { url: '/sandbox/fnol/no-such-link', method: 'POST', headers: formHeaders, payload: '' },
      { url: '/sandbox/no-such-page' },
      { url: '/dev/outbox', headers: { accept: BROWSER_ACCEPT } },
      { url: '/dev/outbox.json' },
    ]) {
      await call(request);
      counts.sandbox += 1;
    }

    // Content pages: every one, the stylesheet and a missing page.
    const contentUrls = [
      ...[...listContentPages().keys()].map((name) => `/content/${name}.html`),
      '/content/content.css',
      '/content/no-such-page.html',
    ];
    for (const url of contentUrls) {
      await call({ url });
      counts.content += 1;
    }

    return { failures, counts, checks: counter.checks, cookies: counter.cookies };
  }

  it.each([
    { label: 'http', isHttps: false },
    { label: 'https', isHttps: true },
  ])(
    'sends the security headers on every answer ($label PUBLIC_URL)',
    async ({ label, isHttps }) => {
      const walk = { app: isHttps ? httpsApp : app, isHttps, label };
      const { failures, counts, checks, cookies } = await walkApp(walk);
      console.log(
        `headers (${label}): ${counts.pages} pages, ${counts.routes} API routes (as owner and ` +
          `anonymous), ${counts.auth} /auth answers, ${counts.sandbox} /sandbox and /dev answers, ` +
          `${counts.content} content pages, ${checks} headers checked (${cookies} Set-Cookie), ` +
          `${failures.length} failures`,
      );
      expect(failures).toEqual([]);
      // The walk reached the provider's cookies (the interaction and its resume cookie).
      expect(cookies).toBeGreaterThan(0);
    },
  );
});
