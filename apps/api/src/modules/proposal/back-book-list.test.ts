import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import type { App } from '../../app-types';
import { createTestApp } from '../../test/test-app';
import { bearer } from '../identity/test-tokens';
import { DRIVER_ANSWERS, updates } from './fixtures';

// Retrieve a saved quote (spec 2 §7): the back-book session lists the one proposal it reaches.
describe('GET /api/proposals with a back-book session', () => {
  let app: App;
  let saved: ProposalResponse;
  let otherOfOwner: ProposalResponse;

  beforeAll(async () => {
    app = await createTestApp();
    const session = await app.inject({ method: 'POST', url: '/api/session' });
    const owner = bearer(session.json<{ accessToken: string }>().accessToken);
    const create = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/proposals',
          headers: owner,
          payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
        })
      ).json<ProposalResponse>();
    saved = await create();
    otherOfOwner = await create();
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/proposals/${saved.proposalCode}`,
      headers: owner,
      payload: {
        applyRating: true,
        changes: [
          {
            changeType: 'PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'ph',
            update: updates({
              dateOfBirth: DRIVER_ANSWERS.dateOfBirth,
              address: DRIVER_ANSWERS.address,
            }),
          },
        ],
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  async function backBookHeaders() {
    const response = await app.inject({
      method: 'POST',
      url: '/api/session/back-book',
      payload: {
        externalReference: saved.externalReference,
        dateOfBirth: DRIVER_ANSWERS.dateOfBirth,
        postalCode: DRIVER_ANSWERS.address.postalCode,
        brand: 'bmw',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return bearer(response.json<{ accessToken: string }>().accessToken);
  }

  it('answers the retrieved proposal for its external reference, and nothing of the owner else', async () => {
    const headers = await backBookHeaders();
    const byReference = await app.inject({
      url: `/api/proposals?externalReference=${saved.externalReference.toLowerCase()}`,
      headers,
    });
    expect(byReference.statusCode).toBe(200);
    expect(byReference.json<ProposalResponse[]>().map((p) => p.proposalCode)).toEqual([
      saved.proposalCode,
    ]);
    const all = await app.inject({ url: '/api/proposals', headers });
    expect(all.json<ProposalResponse[]>().map((p) => p.proposalCode)).toEqual([saved.proposalCode]);
    const other = await app.inject({
      url: `/api/proposals?externalReference=${otherOfOwner.externalReference}`,
      headers,
    });
    expect(other.json()).toEqual([]);
  });

  // Issue 13 item 7: a tab that retrieved a quote still starts a new one (the PATCH answered 404
  // while the token kept only the retrieved proposal's scope), and still cannot reach the owner's.
  it('starts, answers and lists a new quote with the retrieve session', async () => {
    const headers = await backBookHeaders();
    const created = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'bmw-driveaway', brand: 'bmw' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fresh = created.json<ProposalResponse>();
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/proposals/${fresh.proposalCode}`,
      headers,
      payload: {
        changes: [
          {
            changeType: 'QUOTE_DISCLOSURE_CHANGE',
            update: updates({ eligibilityConfirmed: true }),
          },
        ],
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const all = await app.inject({ url: '/api/proposals', headers });
    expect(
      all
        .json<ProposalResponse[]>()
        .map((p) => p.proposalCode)
        .sort(),
    ).toEqual([saved.proposalCode, fresh.proposalCode].sort());
    const other = await app.inject({ url: `/api/proposals/${otherOfOwner.proposalCode}`, headers });
    expect(other.statusCode).toBe(404);
  });
});
