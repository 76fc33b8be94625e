// Test-only: a priced proposal as GET /api/proposals/{code} answers, and a router around the
// checkout's pages the way the proposal router mounts them.
import { render } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import { anonymousAuthState, type AuthState } from '../../../lib/auth';
import { TestApp } from '../../../test/render-app';
import { AccountSetupPage, CheckoutRoutes } from '..';

export const signedIn: AuthState = {
  ...anonymousAuthState,
  isAuthenticated: true,
  user: { userId: 'u-1', username: 'jo@example.com', firstName: 'Jo' },
  getAccessToken: () => Promise.resolve('token-1'),
};

export const admin: AuthState = { ...signedIn, isAdmin: true };

type Options = {
  schemeCode?: 'bmw-flex' | 'bmw-driveaway';
  status?: ProposalResponse['status'];
  discountedPence?: number;
  scheduleType?: 'MONTHLY' | 'SINGLE_PAYMENT' | null;
  startAt?: string;
  policyId?: string | null;
  upsellProposal?: ProposalResponse['upsellProposal'];
};

export function makeProposal(options: Options = {}): ProposalResponse {
  const total = options.discountedPence ?? 12000;
  const scheduleType =
    options.scheduleType === undefined
      ? options.schemeCode === 'bmw-driveaway'
        ? 'SINGLE_PAYMENT'
        : 'MONTHLY'
      : options.scheduleType;
  const monthly = scheduleType === 'MONTHLY';
  return {
    proposalCode: 'QX7',
    schemeCode: options.schemeCode ?? 'bmw-flex',
    brand: 'bmw',
    status: options.status ?? 'QUOTE',
    startAt: options.startAt ?? '2026-01-10T00:00:00Z',
    endAt: null,
    policyTerm: 'P12M',
    policyNumber: options.status === 'POLICY' ? 'BMW-FLX-000123' : null,
    policyId: options.policyId ?? (options.status === 'POLICY' ? 'pol_1' : null),
    externalReference: 'QX7K2M',
    upsellProposal: options.upsellProposal ?? null,
    revision: 1,
    expiresAt: null,
    tracking: {},
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    quote: {
      data: {},
      mainInsurer: 'Bavaria Insurance UK Ltd',
      endorsements: [],
      insuredProfiles: [
        { profileCode: 'ph', policyholder: true, data: { dateOfBirth: '1990-05-17' } },
      ],
      insuredAssets: [],
      availablePaymentSchedules: scheduleType
        ? [
            {
              type: scheduleType,
              active: true,
              premiumBreakdown: {
                premium: total,
                taxAmount: 0,
                totalPremium: total,
                deposit: monthly ? Math.ceil(total / 12) : total,
                instalmentAmount: monthly ? Math.floor(total / 12) : total,
                numberOfInstalments: monthly ? 12 : 1,
              },
            },
          ]
        : [],
      covers: [],
      premium: total,
      taxAmount: 0,
      totalPremium: total,
      excess: [],
      totals: { discounted: total },
      ratingStatus: 'QUOTE',
      referralReasons: [],
      requestedOptionalCovers: {},
      missingInformation: [],
      priceFactors: [],
      voluntaryExcessOptions: [],
      ratingTableVersion: 'v1',
      ratedAt: '2026-01-01T00:00:00Z',
    },
  };
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders the checkout's pages at a path under /flex/proposal/QX7 (or /driveaway/...). */
export function renderCheckout(path: string, authState: AuthState = signedIn) {
  const proposal = '/:productUrlName/proposal/:proposalCode';
  const router = createMemoryRouter(
    [
      { path: `${proposal}/account-setup`, element: <AccountSetupPage /> },
      {
        path: `${proposal}/checkout/*`,
        element: (
          <>
            <CheckoutRoutes />
            <WhereAmI />
          </>
        ),
      },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(<TestApp router={router} authState={authState} />);
  return { ...result, router };
}

export type Call = { path: string; method: string; body: unknown };

/** Stubs fetch: routes by "METHOD /path" (query ignored) and records every call. */
export function stubRoutes(
  routes: Record<string, (body: unknown) => Response | Promise<Response>>,
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ path: url.pathname, method, body });
      const handler = routes[`${method} ${url.pathname}`];
      if (!handler) return json(404, { message: 'not stubbed' });
      return handler(body);
    }),
  );
  return calls;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
