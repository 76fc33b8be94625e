import { beforeAll, describe, expect, it } from 'vitest';
import { claims } from '../../db/schema';
import { pdfText } from '../../test/pdf-text';
import { createBoundPolicyWithNumber } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { transitionPolicy } from '../policy';
import { NO_CLAIMS_LETTER_NOT_YET_MESSAGE } from './no-claims-letter';

// Issue 17 item 6: a proof-of-no-claims letter once cover has ended, stating the years without
// a claim; refused while the policy is in force, and to anyone but its owner.

const START = '2026-03-02T09:00:00.000Z';

describe('proof of no claims', () => {
  const suite = useTestApp({ at: START, seed: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let policyId = '';
  let policyNumber = '';

  const open = (headers = owner) =>
    suite.app.inject({
      method: 'GET',
      url: `/api/documents/policy/${policyId}/no-claims-letter`,
      headers,
    });

  async function readLetter(): Promise<string> {
    const res = await open();
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().location as string);
    const file = await suite.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.headers['content-type']).toBe('application/pdf');
    return pdfText(file.rawPayload);
  }

  beforeAll(async () => {
    owner = await suite.customer('letter-owner');
    ({ policyId, policyNumber } = await createBoundPolicyWithNumber(suite.app, owner));
  });

  it('is refused while the policy is in force, and hidden from someone else', async () => {
    const early = await open();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(NO_CLAIMS_LETTER_NOT_YET_MESSAGE);
    const other = await suite.customer('someone-else');
    expect((await open(other)).statusCode).toBe(404);
  });

  it('states the cover, the claims during it and the years without one once it has ended', async () => {
    // A year and a half on cover with one claim in the first month, then cancelled.
    clock.set('2027-09-02T09:00:00.000Z');
    owner = await suite.customer('letter-owner');
    await transitionPolicy(suite.app.db, {
      policyId,
      to: 'CANCELLED',
      actor: 'test',
      at: new Date('2027-01-20T12:00:00.000Z'),
    });
    const none = await readLetter();
    expect(none).toContain('Proof of No Claims');
    expect(none).toContain(`policy number ${policyNumber}`);
    expect(none).toContain('Cover started: 02 Mar 2026');
    expect(none).toContain('Cover ended: 20 Jan 2027');
    expect(none).toContain('The policy was cancelled.');
    expect(none).toContain('Claims made during this cover: 0');
    expect(none).toContain('no claims were made during that time');
    expect(none).toContain('0 years (from 02 Mar 2026 to 20 Jan 2027)');

    await suite.app.db.insert(claims).values({
      claimReference: 'CLM-00000042',
      policyId,
      claimType: 'Accident',
      status: 'SETTLED',
      insuredName: 'A Driver',
      occurredDate: '2026-03-20',
      source: 'staff',
      createdBy: 'agent-1',
      createdAt: clock.now(),
      updatedBy: 'agent-1',
      updatedAt: clock.now(),
    });
    const after = await readLetter();
    expect(after).toContain('Claims made during this cover: 1');
    expect(after).toContain('Claim CLM-00000042: 20 Mar 2026, accident');
    expect(after).toContain(
      'Years without a claim at the end of cover: 0 years (from 21 Mar 2026 to 20 Jan 2027)',
    );
  });
});
