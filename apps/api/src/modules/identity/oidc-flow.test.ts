// End to end through the embedded provider, over real HTTP: the app listens on a free port and
// openid-client (the relying party) plus a tiny cookie-keeping browser walk the sign-in.
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, findFreePort, form } from '../../test/http-browser';
import type { App } from '../../app-types';
import { TokenService } from './tokens';
import { createLogCapture, createTestApp, createTestConfig } from '../../test/test-app';

describe('embedded OpenID Connect provider: e-mail code, code + PKCE, refresh, silent sign-in', () => {
  let app: App;
  let baseUrl: string;
  let config: client.Configuration;
  const browser = createBrowser();
  const email = 'new.customer@example.com';
  const logs = createLogCapture('info');
  const secrets: string[] = [];
  let phoneRefreshToken = '';

  beforeAll(async () => {
    const port = await findFreePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const identity = createTestConfig().identity;
    app = await createTestApp({
      logger: logs.logger,
      config: {
        logLevel: 'info',
        publicUrl: baseUrl,
        port,
        identity: {
          ...identity,
          issuer: `${baseUrl}/auth`,
          audience: `${baseUrl}/api`,
          accessTokenTtlSeconds: 300,
        },
      },
    });
    await app.listen({ port, host: '127.0.0.1' });
    config = await client.discovery(
      new URL(`${baseUrl}/auth`),
      app.config.identity.clientId,
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
  });
  afterAll(async () => {
    await app.close();
  });

  const redirectUri = () => `${baseUrl}/callback`;

  /** What the API answers an access token (200 while it is good, 401 once refused). */
  const apiStatus = async (accessToken: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/policyholder',
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).statusCode;

  async function startSignIn(extra: Record<string, string> = {}) {
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid email phone profile api',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    const response = await browser.request(url.href);
    return { response, codeVerifier, state };
  }

  async function readLatestCode(recipient: string): Promise<string> {
    const response = await fetch(
      `${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
    );
    const messages = (await response.json()) as { body: string }[];
    const match = /\b(\d{6})\b/.exec(messages[0]?.body ?? '');
    if (!match) throw new Error('no code in the outbox');
    return match[1]!;
  }

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

  it('signs a new user in with the code from the outbox and issues tokens for the API', async () => {
    const { response, codeVerifier, state } = await startSignIn();
    expect(response.status).toBe(303);
    const interactionUrl = new URL(response.headers.get('location')!, baseUrl).href;
    expect(interactionUrl).toMatch(/\/auth\/interaction\//);

    const page = await browser.request(interactionUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<label for="identifier">');
    expect(html).not.toContain('<script');

    const sent = await browser.request(`${interactionUrl}/send`, form({ identifier: email }));
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(`to ${email}`);
    const code = await readLatestCode(email);

    const wrong = await browser.request(
      `${interactionUrl}/verify`,
      form({ identifier: email, code: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Wrong email or verification code');

    const verified = await browser.request(
      `${interactionUrl}/verify`,
      form({ identifier: email, code }),
    );
    expect(verified.status).toBe(303);
    let next = new URL(verified.headers.get('location')!, baseUrl).href;
    let hop = await browser.request(next);
    while (hop.status === 303 || hop.status === 302) {
      next = new URL(hop.headers.get('location')!, baseUrl).href;
      if (next.startsWith(redirectUri())) break;
      hop = await browser.request(next);
    }
    expect(next.startsWith(redirectUri())).toBe(true);

    secrets.push(new URL(next).searchParams.get('code')!);
    tokens = await client.authorizationCodeGrant(config, new URL(next), {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    expect(tokens.refresh_token).toBeTruthy();
    // OIDC_ACCESS_TOKEN_TTL_SECONDS (300 here): short, renewed with the refresh token.
    expect(tokens.expires_in).toBe(300);
    const verifiedToken = await app.tokens.verifyAccessToken(tokens.access_token);
    expect(verifiedToken?.principal).toMatchObject({ kind: 'customer', permissions: [] });
    expect(tokens.claims()?.['email']).toBe(email);
    expect(tokens.claims()).toMatchObject({ connection: 'email', roles: [], name: email });
    secrets.push(tokens.access_token, tokens.refresh_token!, tokens.id_token!);
  });

  it('rotates refresh tokens; reusing an old one revokes the grant', async () => {
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await app.tokens.verifyAccessToken(refreshed.access_token))?.principal.kind).toBe(
      'customer',
    );
    expect(await apiStatus(refreshed.access_token)).toBe(200);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Reusing a rotated token looks like theft: the whole grant goes, the new token with it,
    // and the access tokens of the grant stop working before they expire (issue 31 item 11).
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await apiStatus(refreshed.access_token)).toBe(401);
    expect(await apiStatus(tokens.access_token)).toBe(401);
    secrets.push(refreshed.access_token, refreshed.refresh_token!);
  });

  it('signs in silently (prompt=none) while the provider session lasts', async () => {
    const { response } = await startSignIn({ prompt: 'none' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(redirectUri())).toBe(true);
    expect(new URL(location).searchParams.get('code')).toBeTruthy();
  });

  it('answers login_required to a silent sign-in without a session', async () => {
    const other = createBrowser();
    const codeVerifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid api',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'none',
    });
    const response = await other.request(url.href);
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe(
      'login_required',
    );
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid api',
    });
    const response = await browser.request(url.href);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('signs in by SMS code with a UK mobile number', async () => {
    const phoneBrowser = createBrowser();
    const codeVerifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid phone api',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    const start = await phoneBrowser.request(url.href);
    const interactionUrl = new URL(start.headers.get('location')!, baseUrl).href;
    await phoneBrowser.request(interactionUrl);
    const sent = await phoneBrowser.request(
      `${interactionUrl}/send`,
      form({ identifier: '07123 456789' }),
    );
    expect(await sent.text()).toContain('number ending 789');
    const code = await readLatestCode('+447123456789');
    const verified = await phoneBrowser.request(
      `${interactionUrl}/verify`,
      form({ identifier: '07123 456789', code }),
    );
    expect(verified.status).toBe(303);
    let next = new URL(verified.headers.get('location')!, baseUrl).href;
    while (!next.startsWith(redirectUri())) {
      const hop = await phoneBrowser.request(next);
      next = new URL(hop.headers.get('location')!, baseUrl).href;
    }
    const phoneTokens = await client.authorizationCodeGrant(config, new URL(next), {
      pkceCodeVerifier: codeVerifier,
      expectedState: client.skipStateCheck,
    });
    expect(phoneTokens.claims()?.['phone_number']).toBe('+447123456789');
    secrets.push(phoneTokens.access_token, phoneTokens.refresh_token!);
    phoneRefreshToken = phoneTokens.refresh_token!;
  });

  describe('a phone sign-in finds the account the number was disclosed on (issue 13 item 13)', () => {
    const buyer = 'phone.buyer@example.com';
    const mobile = '07700 900321';
    const e164 = '+447700900321';

    /** Starts a phone sign-in in a fresh browser and enters the text-message code. */
    async function signInByText(): Promise<{
      phoneBrowser: ReturnType<typeof createBrowser>;
      interactionUrl: string;
      codeVerifier: string;
      verified: Response;
    }> {
      const phoneBrowser = createBrowser();
      const codeVerifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(),
        scope: 'openid email phone api',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      const start = await phoneBrowser.request(url.href);
      const interactionUrl = new URL(start.headers.get('location')!, baseUrl).href;
      await phoneBrowser.request(interactionUrl);
      await phoneBrowser.request(`${interactionUrl}/send`, form({ identifier: mobile }));
      const code = await readLatestCode(e164);
      const verified = await phoneBrowser.request(
        `${interactionUrl}/verify`,
        form({ identifier: mobile, code }),
      );
      return { phoneBrowser, interactionUrl, codeVerifier, verified };
    }

    async function finish(
      phoneBrowser: ReturnType<typeof createBrowser>,
      codeVerifier: string,
      response: Response,
    ) {
      expect(response.status).toBe(303);
      let next = new URL(response.headers.get('location')!, baseUrl).href;
      while (!next.startsWith(redirectUri())) {
        const hop = await phoneBrowser.request(next);
        next = new URL(hop.headers.get('location')!, baseUrl).href;
      }
      const signedIn = await client.authorizationCodeGrant(config, new URL(next), {
        pkceCodeVerifier: codeVerifier,
        expectedState: client.skipStateCheck,
      });
      secrets.push(signedIn.access_token, signedIn.refresh_token!);
      return signedIn.claims()!;
    }

    it('asks the owner to confirm by e-mail code once, then signs in to that account', async () => {
      const { findOrCreateUser } = await import('./users');
      const { fillPolicyholderFromQuote } = await import('./policyholder-from-quote');
      const { user: owner } = await findOrCreateUser({
        db: app.db,
        clock: app.clock,
        connection: 'email',
        recipient: buyer,
      });
      // Bind copies the number disclosed on the quote to the account (item 9): typed, not proved.
      await fillPolicyholderFromQuote(app.db, {
        userId: owner.userId,
        profile: { firstName: 'Pat', lastName: 'Buyer', phoneNumber: mobile },
        now: app.clock.now(),
      });

      const first = await signInByText();
      expect(first.verified.status).toBe(200);
      const page = await first.verified.text();
      expect(page).toContain('Confirm it is your account');
      expect(page).toContain('enter the 6-digit code we sent to p•••@example.com');
      expect(page).not.toContain(buyer);

      const emailCode = await readLatestCode(buyer);
      const wrong = await first.phoneBrowser.request(
        `${first.interactionUrl}/link`,
        form({ identifier: mobile, code: emailCode === '000000' ? '111111' : '000000' }),
      );
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('Wrong email or verification code');
      // The text-message code is not the e-mail code: it does not link the number.
      const textCode = await readLatestCode(e164);
      const withTextCode = await first.phoneBrowser.request(
        `${first.interactionUrl}/link`,
        form({ identifier: mobile, code: textCode }),
      );
      expect(withTextCode.status).toBe(400);

      const linked = await first.phoneBrowser.request(
        `${first.interactionUrl}/link`,
        form({ identifier: mobile, code: emailCode }),
      );
      const claims = await finish(first.phoneBrowser, first.codeVerifier, linked);
      expect(claims.sub).toBe(owner.userId);
      expect(claims['email']).toBe(buyer);
      expect(claims['phone_number']).toBe(e164);

      // Proved now: the next phone sign-in goes straight to the same account, and it is the
      // only account with that number.
      const next = await findOrCreateUser({
        db: app.db,
        clock: app.clock,
        connection: 'sms',
        recipient: e164,
      });
      expect(next).toMatchObject({ user: { userId: owner.userId } });
      const { eq } = await import('drizzle-orm');
      const { users } = await import('../../db/schema');
      const holders = await app.db.select().from(users).where(eq(users.phone, e164));
      expect(holders.map((holder) => holder.userId)).toEqual([owner.userId]);
      expect(holders[0]!.phoneVerifiedAt).not.toBeNull();
    });

    it('a link form for a number no e-mail account holds unproved is refused', async () => {
      const { phoneBrowser, interactionUrl } = await signInByText();
      const refused = await phoneBrowser.request(
        `${interactionUrl}/link`,
        form({ identifier: '07700 900999', code: '123456' }),
      );
      expect(refused.status).toBe(400);
    });
  });

  it('a staff member signs in as an admin: roles and permissions reach the API', async () => {
    const { upsertStaffUser } = await import('./users');
    await upsertStaffUser({
      db: app.db,
      clock: app.clock,
      email: 'care@example.com',
      permissions: ['access:impersonate'],
    });
    const staffBrowser = createBrowser();
    const codeVerifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid email profile api',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      login_hint: 'care@example.com',
    });
    const start = await staffBrowser.request(url.href);
    const interactionUrl = new URL(start.headers.get('location')!, baseUrl).href;
    expect(await (await staffBrowser.request(interactionUrl)).text()).toContain(
      'value="care@example.com"',
    );
    await staffBrowser.request(`${interactionUrl}/send`, form({ identifier: 'care@example.com' }));
    const code = await readLatestCode('care@example.com');
    const verified = await staffBrowser.request(
      `${interactionUrl}/verify`,
      form({ identifier: 'care@example.com', code }),
    );
    let next = new URL(verified.headers.get('location')!, baseUrl).href;
    while (!next.startsWith(redirectUri())) {
      const hop = await staffBrowser.request(next);
      next = new URL(hop.headers.get('location')!, baseUrl).href;
    }
    const staffTokens = await client.authorizationCodeGrant(config, new URL(next), {
      pkceCodeVerifier: codeVerifier,
      expectedState: client.skipStateCheck,
    });
    secrets.push(staffTokens.access_token, staffTokens.refresh_token!);
    expect(staffTokens.claims()).toMatchObject({ roles: ['admin'] });
    const verifiedToken = await app.tokens.verifyAccessToken(staffTokens.access_token, {
      impersonateUserId: 'some-customer',
    });
    expect(verifiedToken?.principal).toMatchObject({
      kind: 'admin',
      actingForUserId: 'some-customer',
      permissions: ['access:impersonate'],
    });
  });

  it('revokes the refresh token at the revocation endpoint, and the access token stops working', async () => {
    const refreshed = await client.refreshTokenGrant(config, phoneRefreshToken);
    expect(await apiStatus(refreshed.access_token)).toBe(200);
    // The web's sign-out revokes the refresh token first (issue 31 item 11).
    await client.tokenRevocation(config, refreshed.refresh_token!, {
      token_type_hint: 'refresh_token',
    });
    expect(await apiStatus(refreshed.access_token)).toBe(401);
    // Another API process, which did not see the revocation, finds the grant gone too.
    const otherProcess = new TokenService({ db: app.db, clock: app.clock, config: app.config });
    expect(await otherProcess.verifyAccessToken(refreshed.access_token)).toBeNull();
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('a link to sign out without the ID token asks first, and ends nothing by itself', async () => {
    const endUrl = client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: `${baseUrl}/`,
      client_id: app.config.identity.clientId,
    });
    const page = await browser.request(endUrl.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Do you want to sign out?');
    expect(html).not.toContain('<script');
    const { response } = await startSignIn({ prompt: 'none' });
    expect(new URL(response.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });

  it("the app's sign-out ends the provider session in one step: no question, no more silent sign-in or refresh", async () => {
    // Fresh tokens of this session (the first ones were revoked by the rotation test).
    const silent = await startSignIn({ prompt: 'none' });
    const current = await client.authorizationCodeGrant(
      config,
      new URL(silent.response.headers.get('location')!),
      { pkceCodeVerifier: silent.codeVerifier, expectedState: silent.state },
    );
    const refreshToken = current.refresh_token;
    expect(refreshToken).toBeTruthy();
    expect(await apiStatus(current.access_token)).toBe(200);
    secrets.push(current.access_token, refreshToken!);
    const endUrl = client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: `${baseUrl}/`,
      id_token_hint: current.id_token!,
    });
    const page = await browser.request(endUrl.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('Do you want to sign out?');
    // The page posts its form at once; its one inline script is allowed by hash, nothing else.
    const script = /<script>([^<]+)<\/script>/.exec(html)?.[1];
    expect(script).toContain("getElementById('op.logoutForm').submit()");
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(script!).digest('base64');
    const csp = page.headers.get('content-security-policy')!;
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${hash}'`);
    expect(csp).toContain("script-src-attr 'none'");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    const action = /action="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain('name="logout" value="yes"');
    const confirmed = await browser.request(
      new URL(action!, baseUrl).href,
      form({ xsrf: xsrf!, logout: 'yes' }),
    );
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${baseUrl}/`);
    const { response } = await startSignIn({ prompt: 'none' });
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe(
      'login_required',
    );
    await expect(client.refreshTokenGrant(config, refreshToken!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The access token of the ended session is refused though it has not expired.
    expect(await apiStatus(current.access_token)).toBe(401);
  });

  it('never writes tokens or authorization codes to the log', () => {
    expect(logs.text.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(logs.text).not.toContain(secret);
  });
});
