import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock, type TestClock } from '../../clock';
import { auditLog, proposals, users } from '../../db/schema';
import { createTestApp, createTestConfig } from '../../test/test-app';
import type { ProposalData } from '../disclosure';
import { createOneTimeCode, verifyOneTimeCode } from './one-time-codes';
import { bearer, createTestAccessToken } from './test-tokens';
import { VALIDATE_ACCOUNT_LIMIT_PER_SESSION } from './account-routes';
import { findOrCreateUser, upsertStaffUser } from './users';

async function insertProposal(
  app: App,
  options: { ownerUserId: string; email?: string; reference?: string },
) {
  const proposalCode = randomUUID();
  const externalReference = options.reference ?? `BMW-${proposalCode.slice(0, 8).toUpperCase()}`;
  const now = app.clock.now();
  await app.db.insert(proposals).values({
    proposalCode,
    externalReference,
    schemeCode: 'bmw-flex',
    brand: 'bmw',
    ownerUserId: options.ownerUserId,
    status: 'QUOTE',
    policyTerm: 'P12M',
    tracking: {},
    data: {
      quoteData: {},
      insuredProfiles: [
        {
          profileCode: 'ph',
          policyholder: true,
          data: {
            dateOfBirth: '1985-06-15',
            address: { postalCode: 'SW1A 2AA', line1: '10 Downing Street' },
            ...(options.email ? { email: options.email } : {}),
          },
        },
      ],
      insuredAssets: [],
      choices: {} as ProposalData['choices'],
    },
    createdAt: now,
    updatedAt: now,
  });
  return { proposalCode, externalReference };
}

describe('identity: back-book, account settings, merge, codes', () => {
  let app: App;
  let clock: TestClock;

  beforeAll(async () => {
    clock = createTestClock();
    app = await createTestApp({ clock });
    app.get<{ Params: { code: string } }>(
      '/api/test/proposal/:code',
      { config: { access: ['anonymous', 'customer', 'admin'] } },
      async (request) => {
        const { canAccessProposal } = await import('./principal');
        const [row] = await app.db
          .select()
          .from(proposals)
          .where(eq(proposals.proposalCode, request.params.code));
        if (!row || !canAccessProposal(request.principal, row)) return { found: false };
        return { found: true };
      },
    );
  });
  afterAll(async () => {
    await app.close();
  });

  const anonymousToken = async () =>
    (await app.inject({ method: 'POST', url: '/api/session' })).json<{ accessToken: string }>()
      .accessToken;

  describe('POST /api/session/back-book', () => {
    it('gives a token that reaches that one proposal only', async () => {
      const owner = randomUUID();
      const { proposalCode, externalReference } = await insertProposal(app, { ownerUserId: owner });
      const other = await insertProposal(app, { ownerUserId: owner });
      const response = await app.inject({
        method: 'POST',
        url: '/api/session/back-book',
        payload: {
          externalReference: externalReference.toLowerCase(),
          dateOfBirth: '1985-06-15',
          postalCode: 'sw1a2aa',
          brand: 'bmw',
        },
      });
      expect(response.statusCode).toBe(200);
      const token = response.json<{ accessToken: string }>().accessToken;
      const reach = async (code: string) =>
        (await app.inject({ url: `/api/test/proposal/${code}`, headers: bearer(token) })).json();
      expect(await reach(proposalCode)).toEqual({ found: true });
      expect(await reach(other.proposalCode)).toEqual({ found: false });
      const account = await app.inject({ url: '/api/policyholder', headers: bearer(token) });
      expect(account.statusCode).toBe(403);
      // Refreshing keeps the scope.
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/session',
        headers: bearer(token),
      });
      const again = refreshed.json<{ accessToken: string }>().accessToken;
      const scoped = await app.inject({
        url: `/api/test/proposal/${other.proposalCode}`,
        headers: bearer(again),
      });
      expect(scoped.json()).toEqual({ found: false });
    });

    it('answers 401 with the same message whichever field is wrong', async () => {
      const { externalReference } = await insertProposal(app, { ownerUserId: randomUUID() });
      const good = {
        externalReference,
        dateOfBirth: '1985-06-15',
        postalCode: 'SW1A 2AA',
        brand: 'bmw',
      };
      const messages = new Set<string>();
      for (const wrong of [
        { externalReference: 'BMW-NOPE0000' },
        { dateOfBirth: '1985-06-16' },
        { postalCode: 'SW1A 2AB' },
        { brand: 'mini' },
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/session/back-book',
          payload: { ...good, ...wrong },
          remoteAddress: `10.0.0.${messages.size + 1}`,
        });
        expect(response.statusCode).toBe(401);
        messages.add(response.json().error.message);
      }
      expect(messages.size).toBe(1);
    });

    it('is rate-limited per reference and per client', async () => {
      const { externalReference } = await insertProposal(app, { ownerUserId: randomUUID() });
      const attempt = (remoteAddress: string, reference = externalReference) =>
        app.inject({
          method: 'POST',
          url: '/api/session/back-book',
          payload: {
            externalReference: reference,
            dateOfBirth: '2000-01-01',
            postalCode: 'AB1 2CD',
            brand: 'bmw',
          },
          remoteAddress,
        });
      for (let i = 0; i < 5; i += 1) expect((await attempt(`10.1.0.${i}`)).statusCode).toBe(401);
      const limited = await attempt('10.1.0.99');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');

      for (let i = 0; i < 10; i += 1) await attempt('10.2.0.1', `BMW-X${i}`);
      expect((await attempt('10.2.0.1', 'BMW-OTHER')).statusCode).toBe(429);
      clock.advance(16 * 60 * 1000);
      expect((await attempt('10.2.0.1', 'BMW-OTHER')).statusCode).toBe(401);
    });
  });

  describe('GET/PATCH /api/policyholder', () => {
    it('reads and changes the account settings; the phone number is read-only', async () => {
      const found = await findOrCreateUser({
        db: app.db,
        clock,
        connection: 'sms',
        recipient: '+447123456789',
      });
      if (!('user' in found)) throw new Error('a new number signs up, nothing to link');
      const { user } = found;
      const token = await createTestAccessToken(app, { userId: user.userId });
      const read = await app.inject({ url: '/api/policyholder', headers: bearer(token) });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        connection: 'sms',
        username: '+447123456789',
        phoneNumber: '+447123456789',
        email: null,
        marketingPreferences: { email: false, phone: false, sms: false },
      });
      const patched = await app.inject({
        method: 'PATCH',
        url: '/api/policyholder',
        headers: bearer(token),
        payload: { marketingPreferences: { sms: true }, email: 'Me@Example.com' },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({
        email: 'me@example.com',
        marketingPreferences: { email: false, phone: false, sms: true },
      });
      const phone = await app.inject({
        method: 'PATCH',
        url: '/api/policyholder',
        headers: bearer(token),
        payload: { phoneNumber: '+447000000000' },
      });
      expect(phone.statusCode).toBe(400);
    });

    it('is for signed-in callers only; another account’s e-mail is a conflict', async () => {
      expect((await app.inject({ url: '/api/policyholder' })).statusCode).toBe(401);
      const anon = await anonymousToken();
      expect(
        (await app.inject({ url: '/api/policyholder', headers: bearer(anon) })).statusCode,
      ).toBe(403);
      await findOrCreateUser({
        db: app.db,
        clock,
        connection: 'email',
        recipient: 'taken@example.com',
      });
      const { user: me } = await findOrCreateUser({
        db: app.db,
        clock,
        connection: 'email',
        recipient: 'mine@example.com',
      });
      const token = await createTestAccessToken(app, { userId: me.userId });
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/policyholder',
        headers: bearer(token),
        payload: { email: 'taken@example.com' },
      });
      expect(response.statusCode).toBe(409);
    });

    it('an impersonating admin reads the customer and leaves audit rows', async () => {
      const { user: customer } = await findOrCreateUser({
        db: app.db,
        clock,
        connection: 'email',
        recipient: 'cust@example.com',
      });
      const admin = await upsertStaffUser({
        db: app.db,
        clock,
        email: 'staff@example.com',
        permissions: ['access:impersonate'],
      });
      const token = await createTestAccessToken(app, {
        userId: admin.userId,
        roles: admin.roles,
        permissions: admin.permissions,
      });
      const headers = { ...bearer(token), 'x-impersonate-user': customer.userId };
      const read = await app.inject({ url: '/api/policyholder', headers });
      expect(read.json().email).toBe('cust@example.com');
      await app.inject({
        method: 'PATCH',
        url: '/api/policyholder',
        headers,
        payload: { firstName: 'Ann' },
      });
      const rows = await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorUserId, admin.userId));
      expect(rows.map((row) => row.action).sort()).toEqual([
        'policyholder.update',
        'session.impersonate',
      ]);
      expect(rows.every((row) => row.subjectUserId === customer.userId)).toBe(true);
    });
  });

  describe('anonymous → signed in', () => {
    it('POST /api/proposals/merge moves the anonymous proposal to the account', async () => {
      const anon = await anonymousToken();
      const anonUserId = (await app.tokens.verifyAccessToken(anon))!.principal;
      if (anonUserId.kind !== 'anonymous') throw new Error('unreachable');
      const { proposalCode } = await insertProposal(app, { ownerUserId: anonUserId.userId });
      const { user: customer } = await findOrCreateUser({
        db: app.db,
        clock,
        connection: 'email',
        recipient: 'merge@example.com',
      });
      const token = await createTestAccessToken(app, { userId: customer.userId });

      const stranger = await anonymousToken();
      const refused = await app.inject({
        method: 'POST',
        url: '/api/proposals/merge',
        headers: bearer(token),
        payload: { proposalCode, sourceAccessToken: stranger },
      });
      expect(refused.statusCode).toBe(404);

      const merged = await app.inject({
        method: 'POST',
        url: '/api/proposals/merge',
        headers: bearer(token),
        payload: { proposalCode, sourceAccessToken: anon },
      });
      expect(merged.statusCode).toBe(200);
      const [row] = await app.db
        .select()
        .from(proposals)
        .where(eq(proposals.proposalCode, proposalCode));
      expect(row?.ownerUserId).toBe(customer.userId);
      const byAnon = await app.inject({
        url: `/api/test/proposal/${proposalCode}`,
        headers: bearer(anon),
      });
      expect(byAnon.json()).toEqual({ found: false });
    });

    it('POST /api/policyholder/validateAccount answers the same whether the e-mail has an account or not (issue 31 item 14)', async () => {
      await findOrCreateUser({
        db: app.db,
        clock,
        connection: 'email',
        recipient: 'existing@example.com',
      });
      const anon = await anonymousToken();
      const principal = (await app.tokens.verifyAccessToken(anon))!.principal;
      if (principal.kind !== 'anonymous') throw new Error('unreachable');
      const taken = await insertProposal(app, {
        ownerUserId: principal.userId,
        email: 'Existing@example.com',
      });
      const free = await insertProposal(app, {
        ownerUserId: principal.userId,
        email: 'fresh@example.com',
      });
      const validate = (source: string) =>
        app.inject({
          method: 'POST',
          url: '/api/policyholder/validateAccount',
          headers: bearer(anon),
          payload: { source },
        });
      const withAccount = await validate(taken.proposalCode);
      const withoutAccount = await validate(free.proposalCode);
      expect(withAccount.statusCode).toBe(200);
      expect(withoutAccount.statusCode).toBe(200);
      expect(withAccount.body).toBe(withoutAccount.body);
      expect(withAccount.json()).toEqual({ isValid: true });
      const otherAnon = await anonymousToken();
      const notMine = await app.inject({
        method: 'POST',
        url: '/api/policyholder/validateAccount',
        headers: bearer(otherAnon),
        payload: { source: free.proposalCode },
      });
      expect(notMine.statusCode).toBe(404);
    });

    it('validateAccount answers a session at most VALIDATE_ACCOUNT_LIMIT_PER_SESSION times an hour (issue 21 item 5)', async () => {
      const anon = await anonymousToken();
      const principal = (await app.tokens.verifyAccessToken(anon))!.principal;
      if (principal.kind !== 'anonymous') throw new Error('unreachable');
      const probe = (source: string) =>
        app.inject({
          method: 'POST',
          url: '/api/policyholder/validateAccount',
          headers: bearer(anon),
          payload: { source },
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < VALIDATE_ACCOUNT_LIMIT_PER_SESSION; attempt += 1) {
        const proposal = await insertProposal(app, {
          ownerUserId: principal.userId,
          email: `probe-${attempt}@example.com`,
        });
        statuses.push((await probe(proposal.proposalCode)).statusCode);
      }
      expect(statuses.every((status) => status === 200)).toBe(true);
      const over = await insertProposal(app, {
        ownerUserId: principal.userId,
        email: 'existing@example.com',
      });
      const refused = await probe(over.proposalCode);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe('Too many attempts. Please try again later.');
      // Until the hour's window ends (the test clock stands still).
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBe(refused.json().error.details.retryAfterSeconds);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    });
  });

  describe('one-time codes', () => {
    const recipient = 'codes@example.com';
    const limits = createTestConfig().identity.signInCodeLimits;
    const ask = (from: { clientKey?: string; interactionId?: string } = {}) =>
      createOneTimeCode({
        db: app.db,
        clock,
        connection: 'email',
        recipient,
        clientKey: from.clientKey ?? 'c1',
        interactionId: from.interactionId ?? 'sign-in-1',
        limits,
      });
    const verify = (code: string, interactionId = 'sign-in-1') =>
      verifyOneTimeCode({ db: app.db, clock, connection: 'email', recipient, code, interactionId });

    it('refuses the 6th try, even with the right code', async () => {
      const { code } = await ask();
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) expect(await verify(wrong)).toBe(false);
      expect(await verify(code)).toBe(false);
    });

    it('has a resend cooldown, expires after 10 minutes, works once, stores only a hash', async () => {
      clock.advance(60 * 1000);
      const { code } = await ask();
      await expect(ask()).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      const { oneTimeCodes } = await import('../../db/schema');
      const rows = await app.db.select().from(oneTimeCodes);
      expect(rows.every((row) => !row.codeHash.includes(code))).toBe(true);
      clock.advance(10 * 60 * 1000 + 1);
      expect(await verify(code)).toBe(false);
      const fresh = await ask();
      expect(await verify(fresh.code)).toBe(true);
      expect(await verify(fresh.code)).toBe(false);
    });

    it('a stranger cannot lock the owner out (issue 21 item 6)', async () => {
      clock.advance(60 * 60 * 1000);
      // The stranger uses up their own share of codes for the owner's address ...
      const stranger = { clientKey: '198.51.100.7', interactionId: 'stranger-sign-in' };
      for (let i = 0; i < limits.perAddressAndClient; i += 1) {
        await ask(stranger);
        clock.advance(31 * 1000);
      }
      await expect(ask(stranger)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      // ... and the owner, from their own device, still gets a code, right after the stranger's
      // (no shared cooldown), which the stranger's next request does not close.
      const owner = { clientKey: '203.0.113.9', interactionId: 'owner-sign-in' };
      const { code } = await ask(owner);
      // The stranger's guesses are tried only against codes their sign-in asked for.
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 10; i += 1) {
        expect(await verify(code, 'stranger-sign-in')).toBe(false);
        expect(await verify(wrong, 'stranger-sign-in')).toBe(false);
      }
      expect(await verify(code, 'owner-sign-in')).toBe(true);
    });

    it('bounds the codes of one address from many clients together', async () => {
      clock.advance(60 * 60 * 1000);
      for (let i = 0; i < limits.perAddress; i += 1) {
        await ask({
          clientKey: `10.0.${Math.floor(i / 200)}.${i % 200}`,
          interactionId: `si-${i}`,
        });
      }
      await expect(ask({ clientKey: '10.9.9.9', interactionId: 'one-more' })).rejects.toMatchObject(
        { code: 'RATE_LIMITED' },
      );
    });
  });

  it('the demo seed has admin@example.com with access:impersonate, action:mta-claims, access:audit, access:chat, action:move-clock and access:operations', async () => {
    const { seedDemoData } = await import('../../db/seed');
    const { TEST_BRANDS } = await import('../../test/test-brands');
    await seedDemoData(app.db, TEST_BRANDS);
    await seedDemoData(app.db, TEST_BRANDS);
    const [admin] = await app.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(admin).toMatchObject({
      roles: ['admin'],
      permissions: [
        'access:impersonate',
        'action:mta-claims',
        'access:audit',
        'access:chat',
        'action:move-clock',
        'access:operations',
        'action:reinstate',
      ],
      connection: 'email',
    });
  });

  it('staff accounts get the admin role and permissions', async () => {
    const staff = await upsertStaffUser({
      db: app.db,
      clock,
      email: 'Admin2@Example.com',
      permissions: ['action:mta-claims'],
    });
    const [row] = await app.db.select().from(users).where(eq(users.userId, staff.userId));
    expect(row).toMatchObject({
      email: 'admin2@example.com',
      roles: ['admin'],
      permissions: ['action:mta-claims'],
    });
  });
});
