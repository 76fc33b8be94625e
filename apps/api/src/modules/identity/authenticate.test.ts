import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock, type TestClock } from '../../clock';
import { auditLog } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { getOwnerUserId, canAccessProposal, type Principal } from './principal';
import { bearer, createTestAccessToken } from './test-tokens';

describe('authentication and route access', () => {
  let app: App;
  let clock: TestClock;

  beforeAll(async () => {
    clock = createTestClock();
    app = await createTestApp({ clock });
    const echo = (request: { principal: Principal }) => request.principal;
    app.get('/api/test/anyone', { config: { access: ['public'] } }, echo);
    app.get('/api/test/anonymous', { config: { access: ['anonymous'] } }, echo);
    app.get('/api/test/signed-in', { config: { access: ['customer', 'admin'] } }, echo);
    app.get('/api/test/undeclared', {}, echo);
    app.get('/api/test/owner', { config: { access: ['anonymous', 'customer', 'admin'] } }, (r) => ({
      ownerUserId: getOwnerUserId(r.principal),
    }));
  });
  afterAll(async () => {
    await app.close();
  });

  const newSession = async (headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'POST', url: '/api/session', headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ accessToken: string; expiresIn: number }>();
  };

  it('POST /api/session gives an anonymous token whose sub is a new user id', async () => {
    const first = await newSession();
    const second = await newSession();
    expect(first.expiresIn).toBe(3600);
    const a = await app.inject({ url: '/api/test/anonymous', headers: bearer(first.accessToken) });
    const b = await app.inject({ url: '/api/test/anonymous', headers: bearer(second.accessToken) });
    expect(a.json()).toMatchObject({ kind: 'anonymous', proposalScope: null });
    expect(a.json().userId).not.toBe(b.json().userId);
  });

  it('a still-valid anonymous token refreshes to a new token for the same user', async () => {
    const first = await newSession();
    clock.advance(30 * 60 * 1000);
    const refreshed = await newSession(bearer(first.accessToken));
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    const before = await app.inject({
      url: '/api/test/anonymous',
      headers: bearer(first.accessToken),
    });
    const after = await app.inject({
      url: '/api/test/anonymous',
      headers: bearer(refreshed.accessToken),
    });
    expect(after.json().userId).toBe(before.json().userId);
  });

  it('an expired anonymous token is 401; refreshing it makes a new user', async () => {
    const first = await newSession();
    const owner = (
      await app.inject({ url: '/api/test/owner', headers: bearer(first.accessToken) })
    ).json();
    clock.advance(60 * 60 * 1000 + 1000);
    const expired = await app.inject({
      url: '/api/test/anonymous',
      headers: bearer(first.accessToken),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('UNAUTHORIZED');
    const renewed = await newSession(bearer(first.accessToken));
    const next = (
      await app.inject({ url: '/api/test/owner', headers: bearer(renewed.accessToken) })
    ).json();
    expect(next.ownerUserId).not.toBe(owner.ownerUserId);
  });

  it('no token → 401 on protected routes; public routes answer; unknown routes 404', async () => {
    expect((await app.inject({ url: '/api/test/anonymous' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/test/anyone' })).json()).toEqual({ kind: 'none' });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);
  });

  it('routes that declare no access are denied to everyone (default deny)', async () => {
    expect((await app.inject({ url: '/api/test/undeclared' })).statusCode).toBe(401);
    const { accessToken } = await newSession();
    const response = await app.inject({
      url: '/api/test/undeclared',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('a caller of the wrong kind gets 403', async () => {
    const { accessToken } = await newSession();
    const response = await app.inject({ url: '/api/test/signed-in', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(403);
    const customer = await createTestAccessToken(app);
    const asCustomer = await app.inject({ url: '/api/test/anonymous', headers: bearer(customer) });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('a customer access token from the issuer is a customer principal', async () => {
    const userId = randomUUID();
    const token = await createTestAccessToken(app, { userId, permissions: ['x:y'] });
    const response = await app.inject({ url: '/api/test/signed-in', headers: bearer(token) });
    expect(response.json()).toEqual({ kind: 'customer', userId, permissions: ['x:y'] });
  });

  it('expired, tampered, wrong-audience, wrong-issuer, alg none and HS256 tokens are all 401', async () => {
    const valid = await createTestAccessToken(app);
    const expired = await createTestAccessToken(app, { expiresIn: -10 });
    const [h, p, s] = valid.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...payload, sub: 'someone-else' }),
    ).toString('base64url');
    const tampered = `${h}.${tamperedPayload}.${s}`;
    const wrongAudience = await createTestAccessToken(app, {
      audience: 'https://other.example/api',
    });
    const wrongIssuer = await createTestAccessToken(app, { issuer: 'https://evil.example/auth' });
    const none = new UnsecuredJWT({ ...payload }).encode();
    const hs256 = await new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a-shared-secret-of-sufficient-length!!'));
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const otherKey = await new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'ES256', kid: 'oidc-1' })
      .sign(privateKey);
    void exportJWK;
    for (const token of [
      expired,
      tampered,
      wrongAudience,
      wrongIssuer,
      none,
      hs256,
      otherKey,
      'garbage',
    ]) {
      const response = await app.inject({ url: '/api/test/signed-in', headers: bearer(token) });
      expect(response.statusCode, token).toBe(401);
    }
    expect(
      (await app.inject({ url: '/api/test/signed-in', headers: bearer(valid) })).statusCode,
    ).toBe(200);
  });

  it('an admin without access:impersonate asking to impersonate is 403', async () => {
    const token = await createTestAccessToken(app, {
      roles: ['admin'],
      permissions: ['action:mta-claims'],
      impersonate: randomUUID(),
    });
    const response = await app.inject({ url: '/api/test/signed-in', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    const customer = await createTestAccessToken(app, { impersonate: randomUUID() });
    expect(
      (await app.inject({ url: '/api/test/signed-in', headers: bearer(customer) })).statusCode,
    ).toBe(403);
  });

  it('an admin impersonating acts for the customer, and it leaves one audit row per token', async () => {
    const adminId = randomUUID();
    const customerId = randomUUID();
    const token = await createTestAccessToken(app, {
      userId: adminId,
      roles: ['admin'],
      permissions: ['access:impersonate'],
      impersonate: customerId,
    });
    const first = await app.inject({ url: '/api/test/owner', headers: bearer(token) });
    expect(first.json()).toEqual({ ownerUserId: customerId });
    await app.inject({ url: '/api/test/owner', headers: bearer(token) });
    // A page's first requests with a new token arrive together: still one row.
    const other = await createTestAccessToken(app, {
      userId: adminId,
      roles: ['admin'],
      permissions: ['access:impersonate'],
      impersonate: customerId,
    });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ url: '/api/test/owner', headers: bearer(other) }),
      ),
    );
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.actorUserId, adminId));
    expect(rows).toHaveLength(2); // one per token
    expect(rows[0]).toMatchObject({
      action: 'session.impersonate',
      subjectUserId: customerId,
    });
  });

  it('acting for a second customer with the same token leaves its own start row', async () => {
    const adminId = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    const admin = await createTestAccessToken(app, {
      userId: adminId,
      roles: ['admin'],
      permissions: ['access:impersonate'],
    });
    for (const customerId of [first, second, first, second]) {
      const acting = await app.inject({
        url: '/api/test/owner',
        headers: { ...bearer(admin), 'x-impersonate-user': customerId },
      });
      expect(acting.json()).toEqual({ ownerUserId: customerId });
    }
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.actorUserId, adminId));
    // One start per customer, whatever the order the requests came in.
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => [row.action, row.subjectUserId])).toEqual(
      expect.arrayContaining([
        ['session.impersonate', first],
        ['session.impersonate', second],
      ]),
    );

    // Stopping, then acting for the first customer again with the same token: a new start.
    const asFirst = { ...bearer(admin), 'x-impersonate-user': first };
    const stop = await app.inject({
      method: 'DELETE',
      url: '/api/session/impersonation',
      headers: asFirst,
    });
    expect(stop.statusCode).toBe(204);
    for (let i = 0; i < 2; i += 1) {
      await app.inject({ url: '/api/test/owner', headers: asFirst });
    }
    const after = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, adminId), eq(auditLog.subjectUserId, first)));
    expect(after.map((row) => row.action).sort()).toEqual([
      'session.impersonate',
      'session.impersonate',
      'session.impersonate.end',
    ]);
  });

  it('stopping acting for a customer leaves an audit row; only staff may call it', async () => {
    const customerId = randomUUID();
    const adminId = randomUUID();
    const admin = await createTestAccessToken(app, {
      userId: adminId,
      roles: ['admin'],
      permissions: ['access:impersonate'],
    });
    const stop = await app.inject({
      method: 'DELETE',
      url: '/api/session/impersonation',
      headers: { ...bearer(admin), 'x-impersonate-user': customerId },
    });
    expect(stop.statusCode).toBe(204);
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'session.impersonate.end'), eq(auditLog.actorUserId, adminId)),
      );
    expect(rows).toEqual([
      expect.objectContaining({ actorUserId: adminId, subjectUserId: customerId }),
    ]);
    const notActing = await app.inject({
      method: 'DELETE',
      url: '/api/session/impersonation',
      headers: bearer(admin),
    });
    expect(notActing.statusCode).toBe(204);
    const customer = await createTestAccessToken(app);
    const asCustomer = await app.inject({
      method: 'DELETE',
      url: '/api/session/impersonation',
      headers: bearer(customer),
    });
    expect(asCustomer.statusCode).toBe(403);
    const nobody = await app.inject({ method: 'DELETE', url: '/api/session/impersonation' });
    expect(nobody.statusCode).toBe(401);
  });

  it('X-Impersonate-User is honoured for an admin with access:impersonate only', async () => {
    const customerId = randomUUID();
    const admin = await createTestAccessToken(app, {
      roles: ['admin'],
      permissions: ['access:impersonate'],
    });
    const acting = await app.inject({
      url: '/api/test/owner',
      headers: { ...bearer(admin), 'x-impersonate-user': customerId },
    });
    expect(acting.json()).toEqual({ ownerUserId: customerId });
    const withoutPermission = await createTestAccessToken(app, { roles: ['admin'] });
    const refused = await app.inject({
      url: '/api/test/owner',
      headers: { ...bearer(withoutPermission), 'x-impersonate-user': customerId },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You are not authorised to perform this action.');
    const customer = await createTestAccessToken(app);
    const asCustomer = await app.inject({
      url: '/api/test/owner',
      headers: { ...bearer(customer), 'x-impersonate-user': customerId },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('an admin acting for nobody has no owner (403)', async () => {
    const token = await createTestAccessToken(app, { roles: ['admin'], permissions: [] });
    const response = await app.inject({ url: '/api/test/owner', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
  });
});

describe('canAccessProposal', () => {
  const proposal = { proposalCode: 'P1', ownerUserId: 'u1' };
  it('lets the owner, an admin for the owner and a back-book token for that proposal in', () => {
    expect(canAccessProposal({ kind: 'customer', userId: 'u1', permissions: [] }, proposal)).toBe(
      true,
    );
    expect(
      canAccessProposal({ kind: 'anonymous', userId: 'u1', proposalScope: null }, proposal),
    ).toBe(true);
    expect(
      canAccessProposal(
        { kind: 'admin', userId: 'a', actingForUserId: 'u1', permissions: [] },
        proposal,
      ),
    ).toBe(true);
    expect(
      canAccessProposal({ kind: 'anonymous', userId: 'x', proposalScope: 'P1' }, proposal),
    ).toBe(true);
    // A back-book token's own anonymous user reaches a quote it started after the retrieve.
    expect(
      canAccessProposal({ kind: 'anonymous', userId: 'u1', proposalScope: 'P2' }, proposal),
    ).toBe(true);
  });
  it('keeps everyone else out', () => {
    expect(canAccessProposal({ kind: 'none' }, proposal)).toBe(false);
    expect(canAccessProposal({ kind: 'customer', userId: 'u2', permissions: [] }, proposal)).toBe(
      false,
    );
    // A back-book token for another proposal, whose own (new) user did not make this one.
    expect(
      canAccessProposal({ kind: 'anonymous', userId: 'x', proposalScope: 'P2' }, proposal),
    ).toBe(false);
    expect(
      canAccessProposal(
        { kind: 'admin', userId: 'u1', actingForUserId: null, permissions: [] },
        proposal,
      ),
    ).toBe(false);
  });
});
