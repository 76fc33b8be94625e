import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PolicyResponse } from '@motor/contract';
import type { PolicyStatus, ProposalStatus } from '@motor/domain';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { renderApp } from '../../test/render-app';

// The policy's upsell banner (spec 3 §4): shown for an upsell proposal that is a QUOTE,
// QUOTE_EXPIRED or INSUFFICIENT_ACCURACY, with the action the proposal cards give (spec 1 §4).

function driveaway(status: ProposalStatus | null, policyStatus: PolicyStatus = 'ACTIVE') {
  const policy: PolicyResponse = {
    ...buildPolicy({
      schemeCode: 'bmw-driveaway',
      policyDetail: { policyStatus, expiredAt: '2026-11-28T09:00:00.000Z' },
    }),
    policyNumber: 'BMW-DRV-000042',
    reviewType: 'NEVER',
    upsellProposal: status
      ? {
          proposalCode: 'prp_flex',
          schemeCode: 'bmw-flex',
          status,
          startAt: '2026-11-28T09:00:00.000Z',
          totalPremium: 101940,
        }
      : null,
  };
  stubApi((url) => {
    const path = url.replace(/^.*\/api/, '');
    if (path === '/policies/pol_1') return jsonResponse(200, policy);
    if (path.startsWith('/claims')) return jsonResponse(200, []);
    return jsonResponse(404, {});
  });
  renderApp('/driveaway/policy/pol_1', { authState: signedInAuthState });
}

const banner = (name: string) => screen.findByRole('region', { name });

describe('policy upsell banner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a QUOTE offers the upgrade page of the flex quote', async () => {
    driveaway('QUOTE');
    const region = await banner('Your BMW Flex quote is ready');
    expect(region).toHaveTextContent(
      'Your BMW Driveaway cover ends on 28 November 2026. We have made it from the details you gave us so you can keep driving insured. Nothing is bought unless you choose to.',
    );
    expect(screen.getByRole('link', { name: 'View your BMW Flex quote' })).toHaveAttribute(
      'href',
      '/flex/proposal/prp_flex/upgrade',
    );
  });

  it('a QUOTE_EXPIRED asks to update the quote (its start date)', async () => {
    driveaway('QUOTE_EXPIRED', 'LAPSED');
    const region = await banner('Your BMW Flex quote has expired');
    expect(region).toHaveTextContent(
      'Your BMW Driveaway cover ended on 28 November 2026. Its start date has passed. Update it to get a new price.',
    );
    expect(screen.getByRole('link', { name: 'Update your quote' })).toHaveAttribute(
      'href',
      '/flex/proposal/prp_flex',
    );
  });

  it('an INSUFFICIENT_ACCURACY quote is resumed', async () => {
    driveaway('INSUFFICIENT_ACCURACY');
    const region = await banner('Your BMW Flex quote needs a few more details');
    expect(region).toHaveTextContent('Answer a few more questions to see your price.');
    expect(screen.getByRole('link', { name: 'Resume your quote' })).toHaveAttribute(
      'href',
      '/flex/proposal/prp_flex',
    );
  });

  it.each<ProposalStatus | null>(['POLICY', 'REFERRAL', null])(
    'shows nothing for an upsell %s',
    async (status) => {
      driveaway(status);
      await screen.findByRole('heading', { level: 1, name: 'Your policy' });
      expect(screen.queryByText(/Your BMW Flex quote/)).toBeNull();
      expect(screen.queryByRole('link', { name: /BMW Flex quote|your quote/ })).toBeNull();
    },
  );
});
