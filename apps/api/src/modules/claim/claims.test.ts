import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { londonDateString } from '@motor/domain';
import { auditLog, claims } from '../../db/schema';
import { createBoundPolicyWithNumber } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { brandOfScheme } from '../brand';
import { bearer } from '../identity/test-tokens';
import { transitionPolicy } from '../policy/state';

const START = '2026-03-02T09:00:00.000Z';
const OWNER = 'claims-owner';
const OTHER = 'claims-other';

describe('claims and the online claim', () => {
  const suite = useTestApp({ at: START, seed: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let claimsAgent: Record<string, string>;
  let plainAgent: Record<string, string>;
  let idleClaimsAgent: Record<string, string>;
  let policyId: string;
  let policyNumber: string;
  let otherPolicyNumber: string;
  let otherPolicyId: string;

  const agent = async (userId: string, permissions: string[], impersonate?: string) =>
    suite.staff(['access:impersonate', ...permissions], { userId, impersonate });

  beforeAll(async () => {
    owner = await suite.customer(OWNER);
    other = await suite.customer(OTHER);
    claimsAgent = await agent('claims-agent', ['action:mta-claims'], OWNER);
    plainAgent = await agent('plain-agent', [], OWNER);
    idleClaimsAgent = await agent('idle-claims-agent', ['action:mta-claims']);
    ({ policyId, policyNumber } = await createBoundPolicyWithNumber(suite.app, owner));
    ({ policyId: otherPolicyId, policyNumber: otherPolicyNumber } =
      await createBoundPolicyWithNumber(suite.app, other));
  });

  const getClaims = (headers: Record<string, string>, number = policyNumber) =>
    suite.app.inject({
      method: 'GET',
      url: `/api/claims?policyNumber=${encodeURIComponent(number)}`,
      headers,
    });
  const addClaim = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/claims',
      headers,
      payload: {
        policyNumber,
        claimType: 'Windscreen',
        status: 'SETTLED',
        insuredName: 'Jane Smith',
        occurredDate: '2026-01-10',
        ...payload,
      },
    });
  const fnolLink = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/fnol/link',
      headers,
      payload: {
        policyId,
        callbackUrl: `/flex/policy/${policyId}/claims`,
        privacyPolicyUrl: '/content/static/privacy.html',
        telephone: '0800 000 0000',
        email: 'claims@bmw-insurance.example',
        ...payload,
      },
    });

  it('answers the owner an empty list for a policy without claims', async () => {
    const res = await getClaims(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 to another customer, as for a policy that does not exist', async () => {
    const res = await getClaims(other);
    expect(res.statusCode).toBe(404);
    const missing = await getClaims(owner, 'BMW-FLX-999999');
    expect(missing.statusCode).toBe(404);
    expect(res.json().error.message).toBe(missing.json().error.message);
  });

  it('answers 401 to a caller without a token and refuses anonymous sessions', async () => {
    expect((await getClaims({})).statusCode).toBe(401);
    const session = await suite.app.inject({ method: 'POST', url: '/api/session' });
    const anonymous = bearer(session.json().accessToken);
    expect([401, 403]).toContain((await getClaims(anonymous)).statusCode);
    expect((await addClaim({})).statusCode).toBe(401);
    expect((await fnolLink({})).statusCode).toBe(401);
  });

  it('refuses adding or correcting claims to customers and to staff without action:mta-claims', async () => {
    for (const headers of [owner, plainAgent]) {
      const res = await addClaim(headers);
      expect(res.statusCode, res.body).toBe(403);
      const patch = await suite.app.inject({
        method: 'PATCH',
        url: '/api/claims/CLM-00000001',
        headers,
        payload: { status: 'SETTLED' },
      });
      expect(patch.statusCode).toBe(403);
    }
    const rows = await suite.app.db.select().from(claims).where(eq(claims.policyId, policyId));
    expect(rows).toEqual([]);
  });

  it('lets staff with action:mta-claims add and correct a claim, audited with who and for whom', async () => {
    const added = await addClaim(claimsAgent);
    expect(added.statusCode, added.body).toBe(201);
    const claim = added.json();
    expect(claim).toEqual({
      claimReference: expect.stringMatching(/^CLM-\d{8}$/),
      claimType: 'Windscreen',
      status: 'SETTLED',
      insuredName: 'Jane Smith',
      occurredDate: '2026-01-10',
    });

    const corrected = await suite.app.inject({
      method: 'PATCH',
      url: `/api/claims/${claim.claimReference}`,
      headers: claimsAgent,
      payload: { status: 'ACTIVE', occurredDate: '2026-01-11' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ status: 'ACTIVE', occurredDate: '2026-01-11' });

    const listed = await getClaims(owner);
    expect(listed.json()).toEqual([corrected.json()]);
    // Staff acting for the owner read the same list.
    expect((await getClaims(plainAgent)).json()).toEqual([corrected.json()]);

    const [row] = await suite.app.db
      .select()
      .from(claims)
      .where(eq(claims.claimReference, claim.claimReference));
    expect(row).toMatchObject({
      source: 'staff',
      createdBy: 'claims-agent',
      updatedBy: 'claims-agent',
    });

    const audits = await suite.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, 'claims-agent'), eq(auditLog.subjectUserId, OWNER)));
    const claimAudits = audits.filter((entry) => entry.action.startsWith('claim.'));
    expect(claimAudits.map((entry) => entry.action).sort()).toEqual(['claim.add', 'claim.correct']);
    expect(claimAudits.every((entry) => entry.target.includes(claim.claimReference))).toBe(true);
  });

  it('keeps staff to the customer they act for', async () => {
    // Not acting for anyone: choose a customer first.
    expect((await addClaim(idleClaimsAgent)).statusCode).toBe(403);
    // Acting for the owner, another customer's policy and claims are not there.
    expect((await addClaim(claimsAgent, { policyNumber: otherPolicyNumber })).statusCode).toBe(404);
    const foreign = await addClaim(await agent('other-agent', ['action:mta-claims'], OTHER), {
      policyNumber: otherPolicyNumber,
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const patch = await suite.app.inject({
      method: 'PATCH',
      url: `/api/claims/${foreign.json().claimReference}`,
      headers: claimsAgent,
      payload: { status: 'SETTLED' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it('validates what staff send', async () => {
    expect((await addClaim(claimsAgent, { status: 'OPEN' })).statusCode).toBe(400);
    expect((await addClaim(claimsAgent, { occurredDate: '2026-02-30' })).statusCode).toBe(400);
    // A claim is for something that has happened: the next day in London is refused.
    const nextDay = londonDateString(new Date(clock.now().getTime() + 24 * 60 * 60 * 1000));
    const tomorrow = await addClaim(claimsAgent, { occurredDate: nextDay });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error.message).toBe('The date must be today or in the past');
    const moved = await suite.app.inject({
      method: 'PATCH',
      url: '/api/claims/CLM-00000001',
      headers: claimsAgent,
      payload: { occurredDate: nextDay },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe('The date must be today or in the past');
    expect((await addClaim(claimsAgent, { claimType: 'Meteor' })).statusCode).toBe(400);
    const empty = await suite.app.inject({
      method: 'PATCH',
      url: '/api/claims/CLM-00000001',
      headers: claimsAgent,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses an online claim link whose return path is off this site', async () => {
    for (const callbackUrl of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await fnolLink(owner, { callbackUrl });
      expect(res.statusCode, callbackUrl).toBe(400);
    }
    expect((await fnolLink(owner, { privacyPolicyUrl: 'https://evil.example' })).statusCode).toBe(
      400,
    );
  });

  it('refuses an online claim link on another customer’s policy (404)', async () => {
    expect((await fnolLink(owner, { policyId: otherPolicyId })).statusCode).toBe(404);
  });

  it('refuses an online claim link when the brand has axitechFnol off', async () => {
    const { features } = brandOfScheme('bmw-flex').config;
    features.axitechFnol = false;
    try {
      const res = await fnolLink(owner);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toMatch(/not available for this policy/);
    } finally {
      features.axitechFnol = true;
    }
  });

  it('records an online claim made on the sandbox page, which then appears in the list', async () => {
    const link = await fnolLink(owner);
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json();
    expect(url).toMatch(/^\/sandbox\/fnol\/fnol_sandbox_/);

    const page = await suite.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(policyNumber);
    expect(page.body).toContain('Jane Smith');
    expect(page.body).toContain('0800 000 0000');
    expect(page.body).not.toMatch(/<script/i);

    // A form with mistakes is shown again with its errors; nothing is recorded.
    const invalid = await suite.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'claimType=Meteor&occurredDate=2026-03-09&description=',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Choose what happened');
    expect(invalid.body).toContain('The date must be today or in the past');
    expect(invalid.body).toContain('Tell us briefly what happened');

    const submitted = await suite.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        claimType: 'Accident',
        occurredDate: '2026-03-01',
        description: 'A car reversed into mine in a car park.',
      }).toString(),
    });
    expect(submitted.statusCode, submitted.body).toBe(303);
    const location = new URL(submitted.headers.location as string);
    expect(location.origin).toBe(suite.app.config.publicUrl);
    expect(location.pathname).toBe(`/flex/policy/${policyId}/claims`);
    const claimReference = location.searchParams.get('claimReference');
    expect(claimReference).toMatch(/^CLM-\d{8}$/);

    const listed = (await getClaims(owner)).json();
    expect(listed).toContainEqual({
      claimReference,
      claimType: 'Accident',
      status: 'PENDING',
      insuredName: 'Jane Smith',
      occurredDate: '2026-03-01',
    });
    // The latest incident first.
    expect(listed[0].claimReference).toBe(claimReference);

    // The link is single-use.
    expect((await suite.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await suite.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'claimType=Accident&occurredDate=2026-03-01&description=again',
    });
    expect(again.statusCode).toBe(404);
  });

  it('records who opened the link when staff claim online for the customer', async () => {
    const link = await fnolLink(plainAgent);
    expect(link.statusCode, link.body).toBe(200);
    const submitted = await suite.app.inject({
      method: 'POST',
      url: link.json().url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'claimType=Theft&occurredDate=2026-02-20&description=Stolen+from+the+drive',
    });
    expect(submitted.statusCode).toBe(303);
    const reference = new URL(submitted.headers.location as string).searchParams.get(
      'claimReference',
    )!;
    const audits = await suite.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, 'plain-agent'), eq(auditLog.action, 'claim.fnol')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ subjectUserId: OWNER });
    expect(audits[0]!.target).toContain(reference);
  });

  it('answers 404 for an unknown or expired claim link', async () => {
    expect((await suite.app.inject({ method: 'GET', url: '/sandbox/fnol/nope' })).statusCode).toBe(
      404,
    );
    const link = await fnolLink(owner);
    clock.advance(2 * 60 * 60 * 1000);
    try {
      expect((await suite.app.inject({ method: 'GET', url: link.json().url })).statusCode).toBe(
        404,
      );
    } finally {
      clock.set(START);
    }
  });

  it('refuses an online claim link for a policy that is not ACTIVE', async () => {
    await transitionPolicy(suite.app.db, {
      policyId,
      to: 'CANCELLED',
      actor: 'test',
      at: clock.now(),
    });
    const res = await fnolLink(owner);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toMatch(/only open for active policies/);
    // The claims stay readable on a cancelled policy (its claims tab remains).
    expect((await getClaims(owner)).statusCode).toBe(200);
  });
});
