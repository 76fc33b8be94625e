import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api-client';
import { continueFromConfiguration } from './continue-flow';
import { buildProposal, withQuote } from '../../test/proposal-fixture';

function fakeClient(answers: { isClear: boolean; afterPatch?: unknown }) {
  const calls: [string, string, unknown][] = [];
  const client = {
    patch: vi.fn((path: string, body: unknown) => {
      calls.push(['PATCH', path, body]);
      return Promise.resolve(answers.afterPatch);
    }),
    put: vi.fn((path: string, body: unknown) => {
      calls.push(['PUT', path, body]);
      return Promise.resolve({ isClear: answers.isClear });
    }),
    get: vi.fn(() => Promise.reject(new Error('not signed in'))),
  } as unknown as ApiClient;
  return { client, calls };
}

describe('continue from the configuration page (spec 2 §2)', () => {
  it('saves a changed payment schedule with applyRating true before the ID check', async () => {
    const proposal = buildProposal();
    const { client, calls } = fakeClient({ isClear: true, afterPatch: proposal });
    const result = await continueFromConfiguration({
      client,
      proposal,
      selectedSchedule: 'SINGLE_PAYMENT',
    });
    expect(calls).toEqual([
      [
        'PATCH',
        '/proposals/P-1',
        {
          changes: [
            { changeType: 'SELECT_PAYMENT_SCHEDULE', paymentScheduleType: 'SINGLE_PAYMENT' },
          ],
          applyRating: true,
          revision: 3,
        },
      ],
      ['PUT', '/proposals/P-1/id-check', {}],
    ]);
    expect(result).toMatchObject({ kind: 'next', step: 'add-ons' });
  });

  it('sends no update when the schedule is unchanged', async () => {
    const { client, calls } = fakeClient({ isClear: true });
    await continueFromConfiguration({
      client,
      proposal: buildProposal(),
      selectedSchedule: 'MONTHLY',
    });
    expect(calls.map(([method]) => method)).toEqual(['PUT']);
  });

  it('stops at the ID check when it is not clear', async () => {
    const { client } = fakeClient({ isClear: false });
    const result = await continueFromConfiguration({
      client,
      proposal: buildProposal(),
      selectedSchedule: 'MONTHLY',
    });
    expect(result).toEqual({ kind: 'idCheckFailed' });
  });

  it('goes to the summary when no cover can be added, without looking up the account', async () => {
    const { client } = fakeClient({ isClear: true });
    const result = await continueFromConfiguration({
      client,
      proposal: withQuote({ covers: [] }),
      selectedSchedule: 'MONTHLY',
    });
    expect(result).toMatchObject({ kind: 'next', step: 'summary' });
    expect(client.get).not.toHaveBeenCalled();
  });
});
