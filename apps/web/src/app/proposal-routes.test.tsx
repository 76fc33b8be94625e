import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Proposal } from '../features/quote';
import { buildProposal, withQuote } from '../test/proposal-fixture';
import { jsonResponse, stubApi } from '../test/api-stubs';
import { renderApp } from '../test/render-app';

function serve(proposal: Proposal) {
  return stubApi((path) =>
    path === `/api/proposals/${proposal.proposalCode}`
      ? jsonResponse(200, proposal)
      : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('proposal routing by status (spec 1 §2, spec 2 §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('QUOTE: the index is the proposal configuration page', async () => {
    serve(buildProposal());
    renderApp('/flex/proposal/P-1');
    expect(await heading('Your quote')).toBeInTheDocument();
    expect(screen.getByText('Quote reference BMW-ABCD-EFGH')).toBeInTheDocument();
  });

  it.each([
    ['summary', 'Check your quote'],
    ['add-ons', 'Add optional extras'],
    ['upgrade', 'Keep driving with BMW Flex'],
  ])('QUOTE: %s shows "%s"', async (subPath, title) => {
    serve(buildProposal());
    renderApp(`/flex/proposal/P-1/${subPath}`);
    expect(await heading(title)).toBeInTheDocument();
  });

  it('QUOTE: an unknown sub-path goes home', async () => {
    serve(buildProposal());
    const { router } = renderApp('/flex/proposal/P-1/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('REFERRAL shows the referral page with each reason, and keeps its disclosure routes', async () => {
    const referred = withQuote(
      {
        ratingStatus: 'REFERRAL',
        referralReasons: [
          { code: 'VEHICLE_MODIFIED', message: "We can't insure a car that has been modified." },
        ],
      },
      { status: 'REFERRAL' },
    );
    serve(referred);
    const { router } = renderApp('/flex/proposal/P-1/summary');
    expect(await heading("Sorry, we can't offer you cover online")).toBeInTheDocument();
    expect(screen.getByText("We can't insure a car that has been modified.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/flex/proposal/P-1');
    expect(screen.getByRole('link', { name: 'Check your answers' })).toHaveAttribute(
      'href',
      '/flex/proposal/P-1/disclosure/about-you',
    );
  });

  it('QUOTE_EXPIRED shows the expired quote page', async () => {
    serve(buildProposal({ status: 'QUOTE_EXPIRED' }));
    renderApp('/flex/proposal/P-1');
    expect(await heading('Your quote has expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update my quote' })).toBeInTheDocument();
  });

  it('INSUFFICIENT_ACCURACY lists what is missing with links into the sections', async () => {
    serve(
      withQuote(
        {
          ratingStatus: null,
          missingInformation: ['vehicle', 'mainDriver.dateOfBirth', 'mainDriver.ncdYears'],
        },
        { status: 'INSUFFICIENT_ACCURACY' },
      ),
    );
    renderApp('/flex/proposal/P-1');
    expect(await heading('We need a few more details')).toBeInTheDocument();
    expect(screen.getByText('Your date of birth')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer About you' })).toHaveAttribute(
      'href',
      '/flex/proposal/P-1/disclosure/about-you',
    );
    expect(screen.getByRole('link', { name: 'Answer Your car' })).toHaveAttribute(
      'href',
      '/flex/proposal/P-1/disclosure/your-car',
    );
  });

  it('INSUFFICIENT_ACCURACY before eligibility is confirmed shows before we begin', async () => {
    serve(
      withQuote(
        { data: {}, ratingStatus: null, missingInformation: ['quote.eligibilityConfirmed'] },
        { status: 'INSUFFICIENT_ACCURACY' },
      ),
    );
    renderApp('/flex/proposal/P-1');
    expect(await heading('Before we begin')).toBeInTheDocument();
  });

  it('POLICY shows the success page under checkout and goes home elsewhere', async () => {
    serve(buildProposal({ status: 'POLICY', policyId: 'pol-1', policyNumber: 'BMW-FLX-000001' }));
    const first = renderApp('/flex/proposal/P-1');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();
    const second = renderApp('/flex/proposal/P-1/checkout');
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe('/flex/proposal/P-1/checkout'),
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('a renewal reached through the proposal path goes home', async () => {
    const renewal = buildProposal();
    serve({
      ...renewal,
      sourcePolicy: {
        policyId: 'pol-1',
        quote: { ...renewal.quote, ratingStatus: 'QUOTE' },
        detail: {},
      },
    });
    const { router } = renderApp('/flex/proposal/P-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("moves a proposal reached under another product's path to its own", async () => {
    serve(buildProposal());
    const { router } = renderApp('/driveaway/proposal/P-1/summary');
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/P-1/summary'));
    expect(await heading('Check your quote')).toBeInTheDocument();
  });

  it('an unknown proposal goes home', async () => {
    serve(buildProposal());
    const { router } = renderApp('/flex/proposal/OTHER');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
