import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PolicyResponse } from '@motor/contract';
import type { PolicyDetail, ProposalStatus } from '@motor/domain';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { renderApp } from '../../test/render-app';

// The renewal banners of the policy's details tab (spec 3 §4 "Renewal and upsell banners"):
// opted in (view the renewal), opted out (opt in again), referral (critical), else none.

function policyInRenewal(
  status: ProposalStatus,
  detail: Partial<PolicyDetail> = {},
): PolicyResponse {
  return {
    ...buildPolicy({ policyDetail: detail }),
    renewalProposal: {
      proposalCode: 'R-1',
      schemeCode: 'bmw-flex',
      status,
      startAt: '2027-11-23T09:00:00.000Z',
      totalPremium: 99000,
    },
  };
}

function stubPolicy(policy: PolicyResponse, sent: unknown[] = []) {
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    if (path === '/policies/pol_1/autoRenewal') {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, policy);
    }
    if (path === '/policies/pol_1') return jsonResponse(200, policy);
    if (path.startsWith('/customerAccounts') || path.startsWith('/claims')) {
      return jsonResponse(200, []);
    }
    return jsonResponse(404, {});
  });
}

const open = async () => {
  const app = renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
  await screen.findByRole('region', { name: 'Your cover' });
  return app;
};

describe('renewal banners', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opted in: the renewal date and price, and a link to view the renewal', async () => {
    stubPolicy(policyInRenewal('QUOTE'));
    await open();
    const banner = screen.getByRole('region', { name: 'Your renewal is ready' });
    expect(banner).toHaveTextContent(
      'Your policy renews automatically on 23 November 2027 at £990.00 for the year.',
    );
    expect(within(banner).getByRole('link', { name: 'View your renewal' })).toHaveAttribute(
      'href',
      '/flex/renewal/R-1',
    );
  });

  it('opted out: the cover ends, and opting in sets auto-renewal on', async () => {
    const sent: unknown[] = [];
    stubPolicy(policyInRenewal('QUOTE', { autoRenewalEnabled: false }), sent);
    const user = userEvent.setup();
    await open();
    const banner = screen.getByRole('region', { name: 'Your policy will not renew' });
    expect(banner).toHaveTextContent(
      'Automatic renewal is off, so your cover ends on 23 November 2027. Turn it back on to keep your cover.',
    );
    expect(within(banner).queryByRole('link', { name: 'View your renewal' })).toBeNull();
    await user.click(within(banner).getByRole('button', { name: 'Renew my policy' }));
    await waitFor(() => expect(sent).toEqual([{ enabled: true }]));
  });

  it('referral: a critical banner to chat with us', async () => {
    stubPolicy(policyInRenewal('REFERRAL'));
    await open();
    const banner = screen.getByRole('region', { name: 'We need to review your renewal' });
    expect(banner).toHaveClass('notification--critical');
    expect(banner).toHaveTextContent(
      "We can't offer your renewal online, so your policy will not renew automatically. Please chat with us before 23 November 2027.",
    );
  });

  it.each<[string, PolicyResponse]>([
    ['no renewal yet', buildPolicy()],
    ['a stopped renewal', policyInRenewal('QUOTE', { renewalStopped: true })],
    ['an expired renewal quote', policyInRenewal('QUOTE_EXPIRED')],
    ['a renewal already bought', policyInRenewal('POLICY')],
  ])('shows no renewal banner for %s', async (_name, policy) => {
    stubPolicy(policy);
    await open();
    for (const name of [
      'Your renewal is ready',
      'Your policy will not renew',
      'We need to review your renewal',
    ]) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
  });
});
