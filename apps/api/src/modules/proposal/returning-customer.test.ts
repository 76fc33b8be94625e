import { beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import { useTestApp } from '../../test/use-test-app';
import { bearer } from '../identity/test-tokens';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { buildCompleteDisclosure, DEMO_ADDRESS, updates } from './fixtures';

// Issue 31 item 6: a signed-in customer's new quote starts from their latest policy (who they
// are, where they live, their licence, how to reach them); the car, cover, claims and
// convictions are asked again; an anonymous caller and another customer start empty.

describe('a new quote of a returning customer', () => {
  const suite = useTestApp({ at: '2026-03-02T09:00:00.000Z', seed: true });
  let holder: Record<string, string>;

  beforeAll(async () => {
    holder = (await buyFlexByDirectDebit(suite.app, 'returning-holder')).headers;
  });

  async function create(headers: Record<string, string>): Promise<ProposalResponse> {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const policyholderAnswers = (proposal: ProposalResponse) =>
    proposal.quote.insuredProfiles.find((profile) => profile.policyholder)?.data;

  it('starts from the policyholder of their policy, not the car, cover or claims', async () => {
    const proposal = await create(holder);
    expect(policyholderAnswers(proposal)).toEqual({
      firstName: 'Jane',
      lastName: 'Smith',
      dateOfBirth: '1985-06-15',
      address: DEMO_ADDRESS,
      drivingLicence: { licenceType: 'UKFull', validFrom: '2004-07-01' },
      email: 'jane.smith@example.com',
    });
    expect(proposal.quote.insuredAssets[0]?.data).toEqual({});
    expect(proposal.quote.data).toEqual({});
    // The licence carries over without its convictions (DRIVER_ANSWERS has a list): asked again.
    expect(proposal.quote.insuredProfiles).toHaveLength(1);
    expect(proposal.status).toBe('INSUFFICIENT_ACCURACY');
  });

  it('starts empty for an anonymous caller', async () => {
    const session = await suite.app.inject({ method: 'POST', url: '/api/session' });
    const anonymous = bearer(session.json<{ accessToken: string }>().accessToken);
    expect(policyholderAnswers(await create(anonymous))).toEqual({});
  });

  it("never copies another customer's answers", async () => {
    const stranger = await suite.customer('returning-stranger');
    expect(policyholderAnswers(await create(stranger))).toEqual({});
  });

  it('saves answers without rating as not priced, until a rated PATCH prices them', async () => {
    const proposal = await create(holder);
    const complete = await suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${proposal.proposalCode}`,
      headers: holder,
      payload: {
        changes: buildCompleteDisclosure(),
        applyRating: true,
      },
    });
    expect(complete.json().status).toBe('QUOTE');
    const draft = await suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${proposal.proposalCode}`,
      headers: holder,
      payload: {
        changes: [
          {
            changeType: 'PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'ph',
            update: updates({ dateOfBirth: '1990-01-01' }),
          },
        ],
        applyRating: false,
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().status).toBe('INSUFFICIENT_ACCURACY');
    expect(draft.json().quote).toMatchObject({ ratedAt: null, totalPremium: 0 });
    expect(policyholderAnswers(draft.json())?.dateOfBirth).toBe('1990-01-01');
    const rated = await suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${proposal.proposalCode}`,
      headers: holder,
      payload: { changes: [], applyRating: true },
    });
    expect(rated.json().status).toBe('QUOTE');
    expect(rated.json().quote.totalPremium).toBeGreaterThan(0);
  });
});
