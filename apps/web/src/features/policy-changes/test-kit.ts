import type { PolicyResponse } from '@motor/contract';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import type { AuthState } from '../../lib/auth';
import type { PolicyAdjustment } from './api/adjustment-api';

// Test support of the policy-change pages: the policy, an adjustment and the calls they make.

export const staffAuthState: AuthState = { ...signedInAuthState, isAdmin: true };

export type RecordedCall = { method: string; path: string; body: unknown };

type Answer = { status: number; body: unknown };

/** The flex policy with extra additional drivers p1..pN. */
export function buildPolicyWithDrivers(count: number, base = buildPolicy()): PolicyResponse {
  const quote = base.currentPolicyVersion.quote;
  const drivers = Array.from({ length: count }, (_, index) => ({
    profileCode: `p${index + 1}`,
    policyholder: false,
    data: { firstName: `Driver${index + 1}`, lastName: 'Smith' },
  }));
  const version = {
    ...base.currentPolicyVersion,
    quote: { ...quote, insuredProfiles: [...quote.insuredProfiles, ...drivers] },
  };
  return { ...base, currentPolicyVersion: version, policyVersions: [version] };
}

export function buildAdjustment(overrides: Partial<PolicyAdjustment> = {}): PolicyAdjustment {
  const policy = buildPolicy();
  return {
    adjustmentId: 'adj_1',
    policyId: 'pol_1',
    adjustmentType: 'MTA',
    changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
    effectiveAt: '2026-11-25T10:00:00.000Z',
    // Made now: an effectiveAt a test sets to now reads "Immediately", an earlier one backdated.
    createdAt: new Date().toISOString(),
    expiresAt: null,
    confirmed: false,
    verificationClear: true,
    amountDue: 1234,
    prorataPremium: 1234,
    availableBalance: 0,
    updatedPolicyVersions: [policy.currentPolicyVersion],
    reason: null,
    confirmedAt: null,
    paymentScheduleType: 'SINGLE_PAYMENT',
    premiumBefore: 101933,
    premiumAfter: 103933,
    instalmentBefore: null,
    instalmentAfter: null,
    paymentRequired: false,
    savedAt: null,
    cancellationKind: null,
    ...overrides,
  };
}

/**
 * Stubs the API: the policy, the adjustment (GET), and an answer per "METHOD /path" for the rest
 * (a 404 otherwise). Every call is recorded with its parsed body.
 */
export function stubChangesApi(options: {
  policy?: PolicyResponse;
  adjustment?: PolicyAdjustment | null;
  answers?: Record<string, Answer | (() => Answer)>;
}) {
  const calls: RecordedCall[] = [];
  const policy = options.policy ?? buildPolicy();
  let adjustment = options.adjustment === undefined ? buildAdjustment() : options.adjustment;
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = options.answers?.[`${method} ${path}`];
    if (answer) {
      const { status, body } = typeof answer === 'function' ? answer() : answer;
      return jsonResponse(status, body);
    }
    if (method === 'POST' && path === '/policyAdjustments') {
      return jsonResponse(201, adjustment ?? buildAdjustment());
    }
    if (method === 'POST' && path.endsWith('/commit') && adjustment) {
      adjustment = { ...adjustment, confirmed: true, confirmedAt: new Date().toISOString() };
      return jsonResponse(200, adjustment);
    }
    if (method === 'GET' && path.startsWith('/policyAdjustments/')) {
      return adjustment ? jsonResponse(200, adjustment) : jsonResponse(404, {});
    }
    if (path === '/policies/pol_1') return jsonResponse(200, policy);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return calls;
}

export const postsTo = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);
