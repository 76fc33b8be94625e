import { jsonResponse, stubApi } from '../../../test/api-stubs';
import type { Proposal } from '../api/get-proposal';

type RecordedCall = { method: string; path: string; body: unknown };

/**
 * A fake /api for the quote pages: GET answers the proposal, PATCH answers `afterPatch` (or the
 * same proposal), id-check answers `isClear`, /policyholder answers when `registered`, agreements
 * are recorded (or refused with `agreementsRefusal`). Every call is recorded.
 */
export function stubQuoteApi(options: {
  proposal: Proposal;
  afterPatch?: Proposal;
  isClear?: boolean;
  registered?: boolean;
  agreementsRefusal?: { status: number; message: string };
  /** The first PATCH answers 409: another write (the expiry job) moved it on to this revision. */
  movedOnTo?: number;
}) {
  const calls: RecordedCall[] = [];
  const code = options.proposal.proposalCode;
  let current = options.proposal;
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    if (path === `/proposals/${code}` && method === 'GET') return jsonResponse(200, current);
    if (path === `/proposals/${code}` && method === 'PATCH') {
      if (options.movedOnTo !== undefined && current.revision !== options.movedOnTo) {
        current = { ...current, revision: options.movedOnTo };
        return jsonResponse(409, {
          error: { code: 'CONFLICT', message: 'The proposal has changed since it was read.' },
        });
      }
      return jsonResponse(200, options.afterPatch ?? options.proposal);
    }
    if (path === `/proposals/${code}/id-check`) {
      return jsonResponse(200, { isClear: options.isClear ?? true });
    }
    if (path === '/policyholder' && options.registered) {
      return jsonResponse(200, { userId: 'u-1', accountRegistered: true });
    }
    if (path === `/proposals/${code}/agreements` && method === 'PUT') {
      const refusal = options.agreementsRefusal;
      if (refusal) {
        return jsonResponse(refusal.status, {
          error: { code: 'CONFLICT', message: refusal.message },
        });
      }
      return jsonResponse(200, {
        proposalCode: code,
        accepted: (body as { accepted: string[] }).accepted,
        documents: [
          { type: 'ipid', wordingVersion: '2026-01', insurer: 'Bavaria Insurance UK Ltd' },
        ],
        acceptedAt: '2026-03-02T09:00:00.000Z',
      });
    }
    if (path === `/proposals/${code}/retain`) return jsonResponse(202, { sent: true });
    if (path === `/proposals/${code}/autoRenewal`) {
      return jsonResponse(200, {
        ...options.proposal,
        autoRenewalEnabled: (body as { enabled: boolean }).enabled,
      });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return {
    calls,
    /** Calls other than reading the proposal. */
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}
