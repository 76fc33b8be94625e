import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import type { ProposalChange } from '@motor/domain';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { proposals, ratingRecords } from '../../db/schema';
import { createTestProviders, createTestApp } from '../../test/test-app';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { buildCompleteDisclosure, CAR_ANSWERS, updates } from './fixtures';
import { queueDepsOf } from '../notification';
import { lookupOncePerRequest, ProposalCache } from './proposal-cache';
import { findProposal, type ProposalRow, type SavedProposal } from './repository';
import {
  activatePromotion,
  createProposal,
  saveTracking,
  setAutoRenewal,
  STALE_REVISION_MESSAGE,
  updateProposal,
  type ProposalServiceDeps,
} from './service';
import { CORE_ASSET_CODE, POLICYHOLDER_PROFILE_CODE } from '../disclosure';

// Decision 013: a rated PATCH starts from the state its last save left. These tests change
// proposals behind that cache (as bind, an account merge or an operator would) and check that
// every PATCH answers as it would from a fresh read.
describe('rated PATCH from the proposal cache', () => {
  const clock = createTestClock('2026-03-02T09:00:00.000Z');
  const providers = createTestProviders();
  const registrationLookups: string[] = [];
  let app: App;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const { vehicleLookup } = providers;
    const countingLookup = Object.create(vehicleLookup) as typeof vehicleLookup;
    countingLookup.findVehicleByRegistration = (vrn) => {
      registrationLookups.push(vrn);
      return vehicleLookup.findVehicleByRegistration(vrn);
    };
    app = await createTestApp({
      clock,
      seed: true,
      providers: { ...providers, vehicleLookup: countingLookup },
    });
    headers = bearer(await createTestAccessToken(app, { userId: 'customer-1' }));
  });
  afterAll(async () => {
    await app.close();
  });

  const renamed = (firstName: string): ProposalChange[] => [
    {
      changeType: 'PROFILE_DISCLOSURE_CHANGE',
      profileCode: POLICYHOLDER_PROFILE_CODE,
      update: updates({ firstName }),
    },
  ];

  async function patch(code: string, changes: ProposalChange[], extra: object = {}, as = headers) {
    return app.inject({
      method: 'PATCH',
      url: `/api/proposals/${code}`,
      headers: as,
      payload: { changes, applyRating: true, ...extra },
    });
  }

  /** A proposal at QUOTE whose last save is in the cache (every save is remembered). */
  async function createCachedQuote(): Promise<ProposalResponse> {
    const created = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
    });
    const res = await patch(
      created.json<ProposalResponse>().proposalCode,
      buildCompleteDisclosure(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json<ProposalResponse>();
    expect(quote.status).toBe('QUOTE');
    return quote;
  }

  async function rowOf(code: string) {
    const [row] = await app.db.select().from(proposals).where(eq(proposals.proposalCode, code));
    return row!;
  }

  const firstNameOf = (proposal: ProposalResponse) =>
    proposal.quote.insuredProfiles[0]!.data.firstName;

  it('bumps the revision on an update that leaves it as it was (the trigger)', async () => {
    const quote = await createCachedQuote();
    const where = eq(proposals.proposalCode, quote.proposalCode);
    await app.db.update(proposals).set({ brand: 'bmw' }).where(where);
    expect((await rowOf(quote.proposalCode)).revision).toBe(quote.revision + 1);
    // A writer that sets the revision itself (the save, bind) keeps its own value.
    await app.db
      .update(proposals)
      .set({ revision: sql`${proposals.revision} + 1` })
      .where(where);
    expect((await rowOf(quote.proposalCode)).revision).toBe(quote.revision + 2);
    await app.db
      .update(proposals)
      .set({ revision: quote.revision + 2 })
      .where(where);
    expect((await rowOf(quote.proposalCode)).revision).toBe(quote.revision + 3);
  });

  it("keeps another writer's change made behind the cache (no lost write)", async () => {
    const quote = await createCachedQuote();
    await app.db
      .update(proposals)
      .set({
        data: sql`jsonb_set(${proposals.data}, '{insuredProfiles,0,data,lastName}', '"Jones"')`,
      })
      .where(eq(proposals.proposalCode, quote.proposalCode));
    const res = await patch(quote.proposalCode, renamed('Ann'));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ProposalResponse>();
    expect(answer.revision).toBe(quote.revision + 2);
    expect(firstNameOf(answer)).toBe('Ann');
    expect(answer.quote.insuredProfiles[0]!.data.lastName).toBe('Jones');
    const stored = (await rowOf(quote.proposalCode)).data as {
      insuredProfiles: { data: Record<string, unknown> }[];
    };
    expect(stored.insuredProfiles[0]!.data).toMatchObject({ firstName: 'Ann', lastName: 'Jones' });
  });

  it('answers 409 once the proposal became a policy behind the cache', async () => {
    const quote = await createCachedQuote();
    await app.db
      .update(proposals)
      .set({ status: 'POLICY', policyNumber: 'TEST-1' })
      .where(eq(proposals.proposalCode, quote.proposalCode));
    const before = await rowOf(quote.proposalCode);
    const res = await patch(quote.proposalCode, renamed('Ann'));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe('This quote has already become a policy.');
    expect(await rowOf(quote.proposalCode)).toEqual(before);
  });

  it('follows an owner change behind the cache: 404 for the old owner, 200 for the new', async () => {
    const quote = await createCachedQuote();
    await app.db
      .update(proposals)
      .set({ ownerUserId: 'customer-2' })
      .where(eq(proposals.proposalCode, quote.proposalCode));
    expect((await patch(quote.proposalCode, renamed('Ann'))).statusCode).toBe(404);
    const newOwner = bearer(await createTestAccessToken(app, { userId: 'customer-2' }));
    const res = await patch(quote.proposalCode, renamed('Bea'), {}, newOwner);
    expect(res.statusCode, res.body).toBe(200);
    expect(firstNameOf(res.json())).toBe('Bea');
    // The old owner's PATCH is still refused once the new owner's save is the cached state.
    expect((await patch(quote.proposalCode, renamed('Cy'))).statusCode).toBe(404);
  });

  it('answers 404 after a soft delete, through the route or behind the cache', async () => {
    const deletedByRoute = await createCachedQuote();
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/proposals/${deletedByRoute.proposalCode}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await patch(deletedByRoute.proposalCode, renamed('Ann'))).statusCode).toBe(404);

    const deletedBehind = await createCachedQuote();
    await app.db
      .update(proposals)
      .set({ deletedAt: clock.now() })
      .where(eq(proposals.proposalCode, deletedBehind.proposalCode));
    expect((await patch(deletedBehind.proposalCode, renamed('Ann'))).statusCode).toBe(404);
  });

  it('checks a client revision against the current one, not the cached one', async () => {
    const quote = await createCachedQuote();
    const first = await patch(quote.proposalCode, renamed('Ann'), { revision: quote.revision });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ProposalResponse>().revision).toBe(quote.revision + 1);
    const stale = await patch(quote.proposalCode, renamed('Bea'), { revision: quote.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      message: STALE_REVISION_MESSAGE,
      details: { revision: quote.revision + 1 },
    });
    // Another writer moves the revision on: the client's (cached) revision is stale now.
    await app.db
      .update(proposals)
      .set({ brand: 'bmw' })
      .where(eq(proposals.proposalCode, quote.proposalCode));
    const behind = await patch(quote.proposalCode, renamed('Cy'), { revision: quote.revision + 1 });
    expect(behind.statusCode).toBe(409);
    expect(behind.json().error.details).toEqual({ revision: quote.revision + 2 });
    const current = await patch(quote.proposalCode, renamed('Di'), {
      revision: quote.revision + 2,
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(firstNameOf(current.json())).toBe('Di');
  });

  it('answers an invalid change 400 and saves nothing, then saves a valid one', async () => {
    const quote = await createCachedQuote();
    const before = await rowOf(quote.proposalCode);
    const invalid = await patch(quote.proposalCode, [
      {
        changeType: 'PROFILE_DISCLOSURE_CHANGE',
        profileCode: POLICYHOLDER_PROFILE_CODE,
        update: updates({ dateOfBirth: '15/06/1985' }),
      },
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(await rowOf(quote.proposalCode)).toEqual(before);
    const valid = await patch(quote.proposalCode, renamed('Ann'));
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json<ProposalResponse>().revision).toBe(quote.revision + 1);
  });

  it('asks the vehicle lookup once when a PATCH from a stale entry runs again', async () => {
    const quote = await createCachedQuote();
    await app.db
      .update(proposals)
      .set({ brand: 'bmw' })
      .where(eq(proposals.proposalCode, quote.proposalCode));
    registrationLookups.length = 0;
    const res = await patch(quote.proposalCode, [
      {
        changeType: 'ASSET_DISCLOSURE_CHANGE',
        assetCode: CORE_ASSET_CODE,
        update: updates({ vehicle: CAR_ANSWERS.vehicle }),
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProposalResponse>().revision).toBe(quote.revision + 2);
    expect(registrationLookups).toEqual([CAR_ANSWERS.vehicle.vrn]);
  });

  it('writes a rating record with inputs, table version and result for every rated PATCH', async () => {
    const quote = await createCachedQuote();
    const recordsOf = () =>
      app.db.select().from(ratingRecords).where(eq(ratingRecords.proposalCode, quote.proposalCode));
    const before = await recordsOf();
    for (const firstName of ['Ann', 'Bea', 'Cy']) {
      expect((await patch(quote.proposalCode, renamed(firstName))).statusCode).toBe(200);
    }
    const records = await recordsOf();
    expect(records).toHaveLength(before.length + 3);
    for (const record of records.slice(before.length)) {
      expect(record.tableVersion).toBe(before[0]!.tableVersion);
      expect(record.tableVersion).not.toBeNull();
      expect(record.inputs).toMatchObject({});
      expect(Object.keys(record.inputs as object).length).toBeGreaterThan(0);
      expect(record.result).toBeTruthy();
    }
  });

  it('answers concurrent PATCHes of one proposal with one save per 200', async () => {
    const quote = await createCachedQuote();
    const answers = await Promise.all(
      ['Ann', 'Bea', 'Cy', 'Di'].map((firstName) => patch(quote.proposalCode, renamed(firstName))),
    );
    const saved = answers.filter((res) => res.statusCode === 200);
    expect(answers.every((res) => [200, 409].includes(res.statusCode))).toBe(true);
    expect((await rowOf(quote.proposalCode)).revision).toBe(quote.revision + saved.length);
  });
});

describe('the state a save leaves in the cache', () => {
  const clock = createTestClock('2026-03-02T09:00:00.000Z');
  let app: App;
  let deps: ProposalServiceDeps;

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
    deps = {
      db: app.db,
      clock,
      vehicleLookup: app.providers.vehicleLookup,
      identityVerification: app.providers.identityVerification,
      publicUrl: 'http://localhost:3000',
      proposalCache: new ProposalCache(),
      notifications: queueDepsOf(app),
    };
  });
  afterAll(async () => {
    await app.close();
  });

  /** The database's row as a rated PATCH would read it (no quote). */
  async function storedRow(code: string) {
    return (await findProposal(app.db, code, { withQuote: false }))!;
  }

  // Nothing comes back from the save statement: the cache keeps the row read at revision r with
  // the changes applied. This is what makes that the database's row, save by save.
  it('is the row the database holds, after rated and unrated updates and every other save', async () => {
    const created = await createProposal(deps, {
      ownerUserId: 'customer-1',
      schemeCode: 'bmw-flex',
    });
    const steps: ((row: ProposalRow) => Promise<ProposalRow>)[] = [
      (row) => updateProposal(deps, { row, changes: buildCompleteDisclosure(), applyRating: true }),
      (row) =>
        updateProposal(deps, {
          row,
          changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 50_000 }],
          applyRating: false,
        }),
      (row) => saveTracking(deps, row, { utm_source: 'newsletter' }),
      (row) =>
        activatePromotion(deps, row, {
          promotionId: 'flex-welcome',
          activationCode: 'FLEXWELCOME',
        }),
      (row) => setAutoRenewal(deps, row, false),
      (row) =>
        updateProposal(deps, {
          row,
          changes: [
            { changeType: 'ADD_COVER', coverCode: 'legal_expenses', assetCode: CORE_ASSET_CODE },
          ],
          applyRating: true,
        }),
    ];
    let row: ProposalRow = created;
    for (const [index, step] of steps.entries()) {
      clock.advance(60_000);
      row = await step(row);
      const stored = await storedRow(created.proposalCode);
      expect(deps.proposalCache.read(created.proposalCode), `step ${index}`).toEqual(stored);
      expect(stored.revision).toBe(index + 1);
      // The next step starts from the cached state, as a rated PATCH does.
      row = { ...deps.proposalCache.read(created.proposalCode)!, quote: row.quote };
    }
  });
});

describe('ProposalCache', () => {
  const saved = (proposalCode: string, revision = 1): SavedProposal => ({
    proposalCode,
    revision,
    externalReference: 'BMW-2222-2222',
    kind: 'NEW_BUSINESS',
    sourcePolicyId: null,
    sourceProposalCode: null,
    renewalRatedPricePence: null,
    newBusinessPricePence: null,
    schemeCode: 'bmw-flex',
    brand: 'bmw',
    ownerUserId: 'customer-1',
    status: 'QUOTE',
    startAt: null,
    endAt: null,
    policyTerm: 'P12M',
    autoRenewalEnabled: true,
    promoCode: null,
    policyId: null,
    policyNumber: null,
    tracking: {},
    dataText: '{"choices":{"voluntaryExcess":0}}',
    expiresAt: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    deletedAt: null,
  });

  it('stays within its capacity, dropping the least recently saved', () => {
    const cache = new ProposalCache(3);
    for (const code of ['a', 'b', 'c', 'd']) cache.remember(saved(code));
    cache.remember(saved('b', 2));
    cache.remember(saved('e'));
    expect(cache.size).toBe(3);
    expect(['a', 'b', 'c', 'd', 'e'].map((code) => cache.read(code)?.revision ?? null)).toEqual([
      null,
      2,
      null,
      1,
      1,
    ]);
  });

  it('never replaces a newer revision with an older one (saves answered out of order)', () => {
    const cache = new ProposalCache();
    cache.remember(saved('a', 5));
    cache.remember(saved('a', 4));
    expect(cache.read('a')?.revision).toBe(5);
    cache.forget('a');
    expect(cache.read('a')).toBeNull();
  });

  it('hands out a fresh copy each time and keeps its entries frozen', () => {
    const cache = new ProposalCache();
    const entry = saved('a');
    cache.remember(entry);
    expect(Object.isFrozen(entry)).toBe(true);
    expect(Object.isFrozen(entry.tracking)).toBe(true);
    const first = cache.read('a')!;
    (first.data as { choices: { voluntaryExcess: number } }).choices.voluntaryExcess = 250;
    first.status = 'REFERRAL';
    expect(cache.read('a')).toMatchObject({
      status: 'QUOTE',
      quote: null,
      data: { choices: { voluntaryExcess: 0 } },
    });
  });

  it('shares vehicle lookups (and their failures) between the runs of one request', async () => {
    let calls = 0;
    const lookup = createTestProviders().vehicleLookup;
    const failing = Object.create(lookup) as typeof lookup;
    failing.findVehicleByRegistration = () => {
      calls += 1;
      return Promise.reject(new Error('provider down'));
    };
    const once = lookupOncePerRequest(failing);
    await expect(once.findVehicleByRegistration('BM24XYZ')).rejects.toThrow('provider down');
    await expect(once.findVehicleByRegistration('BM24XYZ')).rejects.toThrow('provider down');
    expect(calls).toBe(1);
    expect(await once.listMakes()).toEqual(await lookup.listMakes());
  });
});
