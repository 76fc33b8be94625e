import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { buildProposal } from '../../../test/proposal-fixture';
import { stubQuoteApi } from '../test/quote-api-stub';

// The Driveaway-to-Flex upgrade offer (spec 2 §2, QUOTE sub-route upgrade).

describe('upgrade page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('on the flex quote made for a driveaway, shows the offer; buying it is the customer’s choice', async () => {
    const api = stubQuoteApi({
      proposal: buildProposal({
        sourceProposal: 'prp_driveaway',
        startAt: '2026-11-28T09:00:00.000Z',
      }),
    });
    renderApp('/flex/proposal/P-1/upgrade');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Keep driving with BMW Flex' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your Driveaway cover ends on 28 November 2026. We have made you a BMW Flex quote from the details you gave us, starting then, so you can keep driving insured.',
      ),
    ).toBeInTheDocument();
    const quote = screen.getByRole('region', { name: 'Your BMW Flex quote' });
    expect(quote).toHaveTextContent('£84.95');
    expect(within(quote).getByText('BM24 XYZ · BMW 3 Series 320i M Sport')).toBeInTheDocument();
    expect(within(quote).getByText('Jane Smith')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nothing is bought unless you choose to. Check your details and choose your add-ons before you buy.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check and buy your quote' })).toHaveAttribute(
      'href',
      '/flex/proposal/P-1',
    );
    expect(screen.getByRole('link', { name: 'Not now' })).toHaveAttribute('href', '/');
    // Opening the offer changes nothing.
    expect(api.writes()).toEqual([]);
  });

  it('on a driveaway quote, invites a subscription quote instead', async () => {
    stubQuoteApi({
      proposal: buildProposal({ schemeCode: 'bmw-driveaway', policyTerm: 'P5D' }),
    });
    renderApp('/driveaway/proposal/P-1/upgrade');
    expect(await screen.findByRole('link', { name: 'Get a BMW Flex quote' })).toHaveAttribute(
      'href',
      '/flex',
    );
    expect(
      screen.getByRole('link', { name: 'No thanks, back to my Driveaway quote' }),
    ).toHaveAttribute('href', '/driveaway/proposal/P-1');
    expect(screen.queryByRole('link', { name: 'Check and buy your quote' })).toBeNull();
  });
});
