// Issue 21 item 11: authentication abuse. Forged, expired and misplaced tokens are nobody (401);
// a back-book token reaches its one quote and nothing else; a reused refresh token revokes its
// whole family; no return or redirect parameter sends anyone to another site. Runs the app on a
// real port so the embedded identity provider is driven as a browser and a client would.
import { createHash, randomUUID } from 'node:crypto';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  SignJWT,
  UnsecuredJWT,
  type JWTPayload,
} from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, findFreePort, form } from '../http-browser';
import type { ProposalResponse } from '@motor/contract';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { POLICYHOLDER_PROFILE_CODE } from '../../modules/disclosure';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../modules/identity';
import { loadSigningKeys } from '../../modules/identity/signing-keys';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { DRIVER_ANSWERS, updates } from '../../modules/proposal/fixtures';
import { createTestApp, createTestConfig } from '../test-app';

const START = '2026-03-02T09:00:00.000Z';
const EVIL = 'https://evil.example';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Figures for the summary line. */
const counts = { forgedTokens: 0, backBook: 0, refresh: 0, redirects: 0 };

describe('authentication abuse (issue 21 item 11)', () => {
  const clock = createTestClock(START);
  let app: App;
  let baseUrl: string;
  let oidc: client.Configuration;
  /** Tokens of a real sign-in through the embedded provider. */
  let signedIn: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  let authorizationCode = '';

  beforeAll(async () => {
    const port = await findFreePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const identity = createTestConfig().identity;
    app = await createTestApp({
      clock,
      seed: true,
      config: {
        publicUrl: baseUrl,
        port,
        identity: { ...identity, issuer: `${baseUrl}/auth`, audience: `${baseUrl}/api` },
      },
    });
    await app.listen({ port, host: '127.0.0.1' });
    oidc = await client.discovery(
      new URL(`${baseUrl}/auth`),
      app.config.identity.clientId,
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    signedIn = await signIn('abuse.customer@example.com');
  });
  afterAll(async () => {
    console.log(
      `auth abuse: ${counts.forgedTokens} forged or misplaced tokens → 401, ` +
        `${counts.backBook} back-book escapes refused, ${counts.refresh} refresh-token abuses ` +
        `refused, ${counts.redirects} open-redirect tries refused`,
    );
    await app?.close();
  });

  const redirectUri = () => `${baseUrl}/callback`;

  async function readLatestCode(recipient: string): Promise<string> {
    const response = await fetch(
      `${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
    );
    const messages = (await response.json()) as { body: string }[];
    const match = /\b(\d{6})\b/.exec(messages[0]?.body ?? '');
    if (!match) throw new Error('no code in the outbox');
    return match[1]!;
  }

  /** The whole code flow with PKCE: e-mail one-time code, then the token endpoint. */
  async function signIn(email: string) {
    const browser = createBrowser();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: redirectUri(),
      scope: 'openid email profile api',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    const start = await browser.request(url.href);
    const interactionUrl = new URL(start.headers.get('location')!, baseUrl).href;
    await browser.request(interactionUrl);
    await browser.request(`${interactionUrl}/send`, form({ identifier: email }));
    const code = await readLatestCode(email);
    const verified = await browser.request(
      `${interactionUrl}/verify`,
      form({ identifier: email, code }),
    );
    expect(verified.status).toBe(303);
    let next = new URL(verified.headers.get('location')!, baseUrl).href;
    while (!next.startsWith(redirectUri())) {
      const hop = await browser.request(next);
      next = new URL(hop.headers.get('location')!, baseUrl).href;
    }
    authorizationCode = new URL(next).searchParams.get('code')!;
    return client.authorizationCodeGrant(oidc, new URL(next), {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
  }

  /** A route only a signed-in caller may use; it answers 200 to any valid customer token. */
  const callPolicies = (headers: Record<string, string>, url = '/api/policies') =>
    app.inject({ method: 'GET', url, headers });

  async function expectNobody(headers: Record<string, string>, what: string, url?: string) {
    const response = await callPolicies(headers, url);
    expect(response.statusCode, `${what}: ${response.body}`).toBe(401);
    expect(response.json().error, what).toMatchObject({
      code: 'UNAUTHORIZED',
      message: SIGN_IN_REQUIRED_MESSAGE,
    });
    counts.forgedTokens += 1;
  }

  describe('forged and misplaced bearer tokens are nobody (401)', () => {
    let valid: string;
    let claims: JWTPayload;
    let header: Record<string, unknown>;

    beforeAll(async () => {
      valid = await createTestAccessToken(app, { userId: 'abuse-victim' });
      const [h, p] = valid.split('.') as [string, string];
      header = JSON.parse(Buffer.from(h, 'base64url').toString());
      claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    });

    it('a valid token and the real sign-in are accepted (the control)', async () => {
      expect((await callPolicies(bearer(valid))).statusCode).toBe(200);
      const real = await callPolicies(bearer(signedIn.access_token));
      expect(real.statusCode, real.body).toBe(200);
    });

    it('alg none, in every spelling, with and without the real kid', async () => {
      await expectNobody(bearer(new UnsecuredJWT(claims).encode()), 'alg none');
      for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
        const token = `${b64({ ...header, alg })}.${b64(claims)}.`;
        await expectNobody(bearer(token), `alg ${alg} with kid`);
      }
    });

    it('a symmetric algorithm keyed with the public key (algorithm confusion)', async () => {
      const [privateJwk] = await app.tokens.oidcKeys.getPrivateKeys();
      const { d: _d, ...publicJwk } = privateJwk!;
      const publicKey = await importJWK({ ...publicJwk, alg: 'ES256' }, 'ES256');
      const pem = await exportSPKI(publicKey as Parameters<typeof exportSPKI>[0]);
      for (const [name, secret] of [
        ['PEM', pem],
        ['JWK', JSON.stringify(publicJwk)],
        ['x', publicJwk.x ?? ''],
      ] as const) {
        const token = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', kid: privateJwk!.kid })
          .sign(new TextEncoder().encode(secret));
        await expectNobody(bearer(token), `HS256 keyed with the public ${name}`);
      }
    });

    it('a wrong key: with the real kid, an unknown kid, an embedded jwk, a jku', async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      const attackerJwk = await exportJWK(publicKey);
      for (const [what, protectedHeader] of [
        ['the real kid', { alg: 'ES256', kid: header.kid as string }],
        ['an unknown kid', { alg: 'ES256', kid: `forged-${randomUUID()}` }],
        ['an embedded jwk', { alg: 'ES256', jwk: attackerJwk }],
        ['a jku', { alg: 'ES256', kid: 'k', jku: `${EVIL}/jwks.json` }],
      ] as const) {
        const token = await new SignJWT(claims)
          .setProtectedHeader(protectedHeader)
          .sign(privateKey);
        await expectNobody(bearer(token), `a wrong key with ${what}`);
      }
    });

    it('wrong audience, wrong issuer, expired, not yet valid, no exp, no sub', async () => {
      await expectNobody(
        bearer(await createTestAccessToken(app, { audience: `${EVIL}/api` })),
        'wrong aud',
      );
      await expectNobody(
        bearer(await createTestAccessToken(app, { issuer: `${EVIL}/auth` })),
        'wrong iss',
      );
      await expectNobody(bearer(await createTestAccessToken(app, { expiresIn: -1 })), 'expired');
      const [privateJwk] = await app.tokens.oidcKeys.getPrivateKeys();
      const key = await importJWK(privateJwk!, 'ES256');
      const now = Math.floor(clock.now().getTime() / 1000);
      const sign = (payload: JWTPayload) =>
        new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: privateJwk!.kid }).sign(key);
      await expectNobody(bearer(await sign({ ...claims, nbf: now + 600 })), 'nbf in the future');
      const { exp: _exp, ...withoutExp } = claims;
      await expectNobody(bearer(await sign(withoutExp)), 'no exp');
      const { sub: _sub, ...withoutSub } = claims;
      await expectNobody(bearer(await sign(withoutSub)), 'no sub');
    });

    it('a tampered payload (made admin), a stripped signature, garbage', async () => {
      const [h, , s] = valid.split('.') as [string, string, string];
      const rolesClaim = app.config.identity.rolesClaim;
      const asAdmin = `${h}.${b64({ ...claims, [rolesClaim]: ['admin'] })}.${s}`;
      await expectNobody(bearer(asAdmin), 'tampered roles');
      const [h2, p2] = valid.split('.') as [string, string];
      await expectNobody(bearer(`${h2}.${p2}.`), 'stripped signature');
      await expectNobody(bearer(`${h2}.${p2}`), 'two parts');
      await expectNobody(bearer('garbage'), 'garbage');
      await expectNobody({ authorization: 'Bearer' }, 'an empty bearer');
    });

    it('a valid token in the wrong place: Basic scheme, query string, cookie', async () => {
      await expectNobody({ authorization: `Basic ${valid}` }, 'Basic scheme');
      await expectNobody({}, 'query string', `/api/policies?access_token=${valid}`);
      await expectNobody({ cookie: `access_token=${valid}` }, 'cookie');
    });

    it('an ID token, a refresh token and an authorization code used as a bearer', async () => {
      // The ID token is the provider's, correctly signed, but for the client (aud), not the API.
      expect(signedIn.id_token).toBeTruthy();
      await expectNobody(bearer(signedIn.id_token!), 'an ID token');
      await expectNobody(bearer(signedIn.refresh_token!), 'a refresh token');
      await expectNobody(bearer(authorizationCode), 'an authorization code');
    });

    it('the two signing keys do not stand in for each other', async () => {
      const [oidcJwk] = await app.tokens.oidcKeys.getPrivateKeys();
      const [sessionJwk] = await loadSigningKeys({ db: app.db, clock, purpose: 'session' });
      const now = Math.floor(clock.now().getTime() / 1000);
      const base = { iat: now, exp: now + 300, aud: app.config.identity.audience };
      // An anonymous (back-book) session claim signed with the identity provider's key.
      const asSession = await new SignJWT({
        ...base,
        sub: randomUUID(),
        iss: app.tokens.anonymousIssuer,
        token_kind: 'anonymous',
        proposal_scope: 'P-ANY',
      })
        .setProtectedHeader({ alg: 'ES256', kid: oidcJwk!.kid })
        .sign(await importJWK(oidcJwk!, 'ES256'));
      await expectNobody(bearer(asSession), 'a session token signed with the OIDC key');
      // An admin from the issuer signed with the anonymous-session key.
      const asIssuer = await new SignJWT({
        ...base,
        sub: randomUUID(),
        iss: app.config.identity.issuer,
        [app.config.identity.rolesClaim]: ['admin'],
      })
        .setProtectedHeader({ alg: 'ES256', kid: sessionJwk!.kid })
        .sign(await importJWK(sessionJwk!, 'ES256'));
      await expectNobody(bearer(asIssuer), 'an issuer token signed with the session key');
    });

    it('an anonymous session token is nobody once expired', async () => {
      const session = await app.inject({ method: 'POST', url: '/api/session' });
      const token = session.json<{ accessToken: string }>().accessToken;
      const response = await app.inject({
        method: 'GET',
        url: '/api/proposals',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      clock.advance(60 * 60 * 1000 + 1000);
      await expectNobody(bearer(token), 'an expired anonymous token', '/api/proposals');
    });
  });

  describe('a back-book token reaches its one quote, nothing else of the owner', () => {
    let owner: Record<string, string>;
    let retrieved: ProposalResponse;
    let otherOfOwner: ProposalResponse;
    let backBook: Record<string, string>;

    beforeAll(async () => {
      owner = bearer(await createTestAccessToken(app, { userId: 'back-book-owner' }));
      const create = async () => {
        const created = await app.inject({
          method: 'POST',
          url: '/api/proposals',
          headers: owner,
          payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
        });
        expect(created.statusCode, created.body).toBe(201);
        const code = created.json<ProposalResponse>().proposalCode;
        const patched = await app.inject({
          method: 'PATCH',
          url: `/api/proposals/${code}`,
          headers: owner,
          payload: {
            applyRating: false,
            changes: [
              {
                changeType: 'PROFILE_DISCLOSURE_CHANGE',
                profileCode: POLICYHOLDER_PROFILE_CODE,
                update: updates({
                  dateOfBirth: DRIVER_ANSWERS.dateOfBirth,
                  address: DRIVER_ANSWERS.address,
                }),
              },
            ],
          },
        });
        expect(patched.statusCode, patched.body).toBe(200);
        return patched.json<ProposalResponse>();
      };
      retrieved = await create();
      otherOfOwner = await create();
      const session = await app.inject({
        method: 'POST',
        url: '/api/session/back-book',
        payload: {
          externalReference: retrieved.externalReference,
          dateOfBirth: DRIVER_ANSWERS.dateOfBirth,
          postalCode: DRIVER_ANSWERS.address.postalCode,
          brand: 'bmw',
        },
      });
      expect(session.statusCode, session.body).toBe(200);
      backBook = bearer(session.json<{ accessToken: string }>().accessToken);
    });

    const call = (
      method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    it('reaches the retrieved quote', async () => {
      const own = await call('GET', `/api/proposals/${retrieved.proposalCode}`, backBook);
      expect(own.statusCode, own.body).toBe(200);
      const listed = await call('GET', '/api/proposals', backBook);
      expect(listed.json<ProposalResponse[]>().map((p) => p.proposalCode)).toEqual([
        retrieved.proposalCode,
      ]);
    });

    it("answers the owner's other quote 404, as if it did not exist", async () => {
      const other = `/api/proposals/${otherOfOwner.proposalCode}`;
      for (const [method, url, payload] of [
        ['GET', other, undefined],
        ['PATCH', other, { changes: [], applyRating: false }],
        ['DELETE', other, undefined],
        ['PUT', `${other}/verify`, undefined],
        ['PUT', `${other}/agreements`, { accepted: [] }],
        ['POST', `${other}/retain`, { email: 'thief@evil.example' }],
      ] as const) {
        const response = await call(method, url, backBook, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        counts.backBook += 1;
      }
    });

    it("answers the owner's account, policies, documents and payments 403 (customers only)", async () => {
      for (const [method, url, payload] of [
        ['GET', '/api/policies', undefined],
        ['GET', `/api/policies/${randomUUID()}`, undefined],
        ['GET', '/api/policyholder', undefined],
        ['GET', '/api/customerAccounts', undefined],
        ['GET', '/api/goCardless/mandates', undefined],
        ['GET', `/api/documents/policy/${randomUUID()}/policy-certificate`, undefined],
        [
          'POST',
          `/api/stripe/checkout/proposal/${retrieved.proposalCode}`,
          { successPath: '/x', cancelPath: '/x' },
        ],
        ['POST', `/api/proposals/${retrieved.proposalCode}/bind`, {}],
      ] as const) {
        const response = await call(method, url, backBook, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        counts.backBook += 1;
      }
    });

    it('cannot hand the retrieved quote to another account (merge)', async () => {
      const thief = bearer(await createTestAccessToken(app, { userId: 'thief' }));
      const merged = await call('POST', '/api/proposals/merge', thief, {
        proposalCode: retrieved.proposalCode,
        sourceAccessToken: backBook.authorization!.slice('Bearer '.length),
      });
      expect(merged.statusCode).toBe(404);
      const still = await call('GET', `/api/proposals/${retrieved.proposalCode}`, owner);
      expect(still.statusCode).toBe(200);
      counts.backBook += 1;
    });

    it('refreshing keeps its scope; a widened or stretched scope does not verify', async () => {
      const refreshed = await call('POST', '/api/session', backBook);
      const next = bearer(refreshed.json<{ accessToken: string }>().accessToken);
      expect((await call('GET', `/api/proposals/${retrieved.proposalCode}`, next)).statusCode).toBe(
        200,
      );
      expect(
        (await call('GET', `/api/proposals/${otherOfOwner.proposalCode}`, next)).statusCode,
      ).toBe(404);
      counts.backBook += 1;
      const [h, p, s] = backBook.authorization!.slice('Bearer '.length).split('.') as [
        string,
        string,
        string,
      ];
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as JWTPayload;
      const widened = `${h}.${b64({ ...payload, proposal_scope: otherOfOwner.proposalCode })}.${s}`;
      const response = await call(
        'GET',
        `/api/proposals/${otherOfOwner.proposalCode}`,
        bearer(widened),
      );
      expect(response.statusCode).toBe(401);
      const stretched = `${h}.${b64({ ...payload, exp: (payload.exp ?? 0) + 86_400 })}.${s}`;
      clock.advance(60 * 60 * 1000 + 1000);
      expect((await call('GET', '/api/proposals', bearer(stretched))).statusCode).toBe(401);
      expect((await call('GET', '/api/proposals', backBook)).statusCode).toBe(401);
      counts.backBook += 3;
    });
  });

  describe('refresh tokens rotate, and a reused one revokes its family', () => {
    it('a rotated-out refresh token is refused, and its reuse ends the newer one too', async () => {
      const tokens = await signIn('rotation@example.com');
      const first = tokens.refresh_token!;
      const rotated = await client.refreshTokenGrant(oidc, first);
      expect(rotated.refresh_token).toBeTruthy();
      expect(rotated.refresh_token).not.toBe(first);
      const newer = await client.refreshTokenGrant(oidc, rotated.refresh_token!);
      // Someone replays the first (stolen) token: refused…
      await expect(client.refreshTokenGrant(oidc, first)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      // …and the whole family goes with it: the thief and the customer both sign in again.
      await expect(client.refreshTokenGrant(oidc, newer.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      await expect(client.refreshTokenGrant(oidc, rotated.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      counts.refresh += 3;
    });

    it('a refresh token is refused with another PKCE client id or after revocation', async () => {
      const tokens = await signIn('revoked@example.com');
      const other = await fetch(`${baseUrl}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
          client_id: 'someone-else',
        }).toString(),
      });
      expect(other.status).toBeGreaterThanOrEqual(400);
      expect(other.status).toBeLessThan(500);
      await client.tokenRevocation(oidc, tokens.refresh_token!, {
        token_type_hint: 'refresh_token',
      });
      await expect(client.refreshTokenGrant(oidc, tokens.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      counts.refresh += 2;
    });

    it('a forged or altered refresh token is refused', async () => {
      const forged = createHash('sha256').update('guess').digest('base64url');
      await expect(client.refreshTokenGrant(oidc, forged)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      const altered = `${signedIn.refresh_token!.slice(0, -2)}xx`;
      await expect(client.refreshTokenGrant(oidc, altered)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      counts.refresh += 2;
    });
  });

  describe('no open redirect through a return or redirect parameter', () => {
    /** The answer neither redirects off this site nor links or posts to the other one. */
    async function expectStaysHome(response: Response, what: string) {
      const location = response.headers.get('location');
      if (location) {
        expect(new URL(location, baseUrl).origin, what).toBe(baseUrl);
      }
      const body = await response.text();
      expect(body, what).not.toMatch(/(href|action|content|src)=["'][^"']*evil\.example/i);
      expect(body, what).not.toMatch(/location(\.href)?\s*=|http-equiv=["']refresh/i);
      counts.redirects += 1;
    }

    const evilRedirects = () => [
      `${EVIL}/callback`,
      `//evil.example/callback`,
      `${baseUrl}.evil.example/callback`,
      `${baseUrl}@evil.example/callback`,
      `${baseUrl}/callback/../../evil`,
      `${baseUrl}/callback?next=${EVIL}`,
      `${baseUrl}/callback#${EVIL}`,
      `${baseUrl}/CALLBACK`,
      `http://127.0.0.1/callback`,
    ];

    it('the authorization endpoint refuses every redirect_uri not registered', async () => {
      const codeVerifier = client.randomPKCECodeVerifier();
      const challenge = await client.calculatePKCECodeChallenge(codeVerifier);
      for (const redirect of evilRedirects()) {
        const url = new URL(`${baseUrl}/auth/auth`);
        url.search = new URLSearchParams({
          client_id: app.config.identity.clientId,
          response_type: 'code',
          scope: 'openid api',
          redirect_uri: redirect,
          code_challenge: challenge,
          code_challenge_method: 'S256',
          state: 'x',
        }).toString();
        const response = await fetch(url, { redirect: 'manual' });
        expect(response.status, redirect).toBe(400);
        await expectStaysHome(response, `redirect_uri ${redirect}`);
      }
    });

    it('sign-out refuses every post_logout_redirect_uri not registered', async () => {
      const tokens = await signIn('signout@example.com');
      for (const redirect of evilRedirects()) {
        const hints: Record<string, string>[] = [
          { client_id: app.config.identity.clientId },
          { id_token_hint: tokens.id_token! },
        ];
        for (const hint of hints) {
          const url = new URL(`${baseUrl}/auth/session/end`);
          url.search = new URLSearchParams({
            ...hint,
            post_logout_redirect_uri: redirect,
          }).toString();
          const response = await fetch(url, { redirect: 'manual' });
          expect(response.status, redirect).toBe(400);
          await expectStaysHome(response, `post_logout_redirect_uri ${redirect}`);
        }
      }
    });

    it('payment and mandate return paths must be paths on this site (400)', async () => {
      const customer = bearer(await createTestAccessToken(app, { userId: 'redirect-customer' }));
      const paths = [
        `${EVIL}/done`,
        '//evil.example/done',
        '/\\evil.example/done',
        '\\\\evil.example',
        'javascript:alert(1)',
        '/\tdone',
        'done',
      ];
      for (const path of paths) {
        for (const [url, payload] of [
          ['/api/stripe/checkout/proposal/P-ANY', { successPath: path, cancelPath: '/ok' }],
          ['/api/stripe/checkout/proposal/P-ANY', { successPath: '/ok', cancelPath: path }],
          ['/api/stripe/setup', { clientReference: 'ref', successPath: path, cancelPath: '/ok' }],
          ['/api/goCardless/flows', { mandateDescription: 'Motor', successUrl: path }],
        ] as const) {
          const response = await app.inject({ method: 'POST', url, headers: customer, payload });
          expect(response.statusCode, `${url} ${path}`).toBe(400);
          expect(response.json().error.code).toBe('VALIDATION_FAILED');
          counts.redirects += 1;
        }
      }
    });
  });
});
