import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderApp, stubApi } from '../../app/test/render-app';

describe('home (anonymous)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the sign-in promo with its features and a sign-in button', async () => {
    stubApi(() => jsonResponse(200, []));
    renderApp('/');
    const promo = await screen.findByRole('region', { name: 'Already insured with us?' });
    expect(within(promo).getAllByRole('listitem')).toHaveLength(4);
    expect(within(promo).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2F',
    );
    expect(await screen.findByRole('link', { name: 'Get a BMW Flex quote' })).toBeInTheDocument();
  });

  it('lists proposals with an action by status, and hides start cards', async () => {
    stubApi(() =>
      jsonResponse(200, [
        {
          proposalCode: 'Q-2',
          schemeCode: 'bmw-flex',
          status: 'QUOTE_EXPIRED',
          startAt: '2026-02-01T00:00:00Z',
        },
        {
          proposalCode: 'Q-1',
          schemeCode: 'bmw-flex',
          status: 'QUOTE',
          startAt: '2026-01-01T00:00:00Z',
          quote: { totalPremium: 4599 },
        },
        { proposalCode: 'Q-3', schemeCode: 'bmw-driveaway', status: 'POLICY' },
      ]),
    );
    renderApp('/');
    const list = await screen.findByRole('region', { name: 'Your quotes' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Quote ready');
    expect(cards[0]).toHaveTextContent('£45.99');
    expect(within(cards[0]!).getByRole('link', { name: /View quote/ })).toHaveAttribute(
      'href',
      '/flex/proposal/Q-1',
    );
    expect(within(cards[1]!).getByRole('link', { name: /Update quote/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get a BMW Flex quote' })).not.toBeInTheDocument();
  });
});
