import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAuthState } from '../../../test/api-stubs';
import { renderApp } from '../../../test/render-app';
import { buildProposal, withQuote } from '../../../test/proposal-fixture';
import { stubQuoteApi } from '../test/quote-api-stub';

function coverGroup(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('add-ons page (spec 2 §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs a decision for every available cover, then sends the changes and goes to the summary, signed out too', async () => {
    const api = stubQuoteApi({ proposal: buildProposal() });
    const { router } = renderApp('/flex/proposal/P-1/add-ons');
    const next = await screen.findByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await userEvent.click(
      coverGroup('No-claims bonus protection').getByRole('radio', { name: 'Add' }),
    );
    expect(next).toBeDisabled();
    await userEvent.click(
      coverGroup('Motor legal expenses').getByRole('radio', { name: 'No thanks' }),
    );
    expect(next).toBeEnabled();
    await userEvent.click(next);
    // Signed out, the summary and its agreements still come before sign-in (issue 13).
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/P-1/summary'));
    // The summary may already have recorded its impression; only this page's writes count.
    const proposalWrites = api.writes().filter((write) => write.path === '/proposals/P-1');
    expect(proposalWrites).toEqual([
      {
        method: 'PATCH',
        path: '/proposals/P-1',
        body: {
          changes: [
            { changeType: 'ADD_COVER', coverCode: 'ncb_protection', assetCode: 'car' },
            { changeType: 'REMOVE_COVER', coverCode: 'legal_expenses', assetCode: 'car' },
          ],
          applyRating: true,
          revision: 3,
        },
      },
    ]);
  });

  it('links each add-on to its optional cover page', async () => {
    stubQuoteApi({ proposal: buildProposal() });
    renderApp('/flex/proposal/P-1/add-ons');
    await screen.findByRole('button', { name: 'Continue' });
    expect(
      coverGroup('Motor legal expenses').getByRole('link', {
        name: 'More about Motor legal expenses',
      }),
    ).toHaveAttribute('href', '/content/optional-covers/legal_expenses.html');
    expect(
      coverGroup('No-claims bonus protection').getByRole('link', {
        name: 'More about No-claims bonus protection',
      }),
    ).toHaveAttribute('href', '/content/optional-covers/ncb_protection.html');
  });

  it('an unavailable cover needs no decision; earlier decisions are kept and not re-sent', async () => {
    const covers = buildProposal().quote.covers.map((cover) =>
      cover.code === 'ncb_protection' ? { ...cover, available: false } : cover,
    );
    const api = stubQuoteApi({
      proposal: withQuote({ covers, requestedOptionalCovers: { legal_expenses: false } }),
    });
    const { router } = renderApp('/flex/proposal/P-1/add-ons', { authState: signedInAuthState });
    expect(
      await screen.findByRole('heading', { name: 'Motor legal expenses' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No-claims bonus protection' })).toBeNull();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeEnabled();
    await userEvent.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/P-1/summary'));
    // The summary may already have recorded its impression; this page sent no change.
    expect(api.writes().filter((write) => write.path === '/proposals/P-1')).toEqual([]);
  });
});
