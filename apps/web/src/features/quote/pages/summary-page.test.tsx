import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { buildProposal } from '../../../test/proposal-fixture';
import { stubQuoteApi } from '../test/quote-api-stub';

const CHECKLIST = [
  'I have read and accept the terms and conditions',
  'I have read the policy documents, including the IPID',
  'This cover meets my demands and needs',
  'The information I have given is correct',
];

describe('summary page (spec 2 §2)', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows frequency, the term, insurer, details with an update link, excess and documents', async () => {
    stubQuoteApi({ proposal: buildProposal() });
    renderApp('/flex/proposal/P-1/summary');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your quote' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Payment frequency')).toBeInTheDocument();
    expect(screen.getByText('Monthly')).toBeInTheDocument();
    expect(screen.getByText('12 months, renews automatically')).toBeInTheDocument();
    expect(screen.getByText('Bavaria Insurance UK Ltd')).toBeInTheDocument();
    expect(screen.getByText('15 June 1985')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update your answers in About you' })).toHaveAttribute(
      'href',
      '/flex/proposal/P-1/disclosure/about-you',
    );
    expect(screen.getByText('Accidental damage')).toBeInTheDocument();
    // The quote's documents (the footer links to the terms of business too).
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByRole('link', { name: /Terms of business/ })).toHaveAttribute(
      'href',
      '/content/documents/flex/business-terms.html',
    );
  });

  it("shows the details as the product's summary configuration lists them, in collapsible sections", async () => {
    stubQuoteApi({ proposal: buildProposal() });
    renderApp('/flex/proposal/P-1/summary');
    const details = within(await screen.findByRole('region', { name: 'Your details' }));
    // BMW Flex's summary: About you, Your car, Contact details, each open, each with its page.
    const toggles = details.getAllByRole('button', { expanded: true });
    expect(toggles.map((toggle) => toggle.textContent)).toEqual([
      'About you',
      'Your car',
      'Contact details',
    ]);
    expect(details.getByRole('link', { name: 'Update your answers in Your car' })).toHaveAttribute(
      'href',
      '/flex/proposal/P-1/disclosure/your-car',
    );
    expect(
      details.getByRole('link', { name: 'Update your answers in Contact details' }),
    ).toHaveAttribute('href', '/flex/proposal/P-1/disclosure/contact-details');
    expect(details.getByText('jane.smith@example.com')).toBeVisible();
    // A section folds away and opens again, by keyboard too.
    const contact = details.getByRole('button', { name: 'Contact details' });
    await userEvent.click(contact);
    expect(contact).toHaveAttribute('aria-expanded', 'false');
    expect(details.getByText('jane.smith@example.com')).not.toBeVisible();
    contact.focus();
    await userEvent.keyboard('{Enter}');
    expect(contact).toHaveAttribute('aria-expanded', 'true');
    expect(details.getByText('jane.smith@example.com')).toBeVisible();
  });

  it('continue stays disabled until every checklist box is ticked, records the agreements, then goes to account setup', async () => {
    const api = stubQuoteApi({ proposal: buildProposal() });
    const { router } = renderApp('/flex/proposal/P-1/summary');
    const next = await screen.findByRole('button', { name: 'Continue' });
    for (const label of CHECKLIST) {
      expect(next).toBeDisabled();
      await userEvent.click(screen.getByRole('checkbox', { name: label }));
    }
    expect(next).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: CHECKLIST[0] }));
    expect(next).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: CHECKLIST[0] }));
    await userEvent.click(next);
    // Account setup (the checkout feature's) may send an anonymous visitor on to sign in.
    await waitFor(() =>
      expect(
        decodeURIComponent(router.state.location.pathname + router.state.location.search),
      ).toContain('/flex/proposal/P-1/account-setup'),
    );
    expect(api.writes()).toContainEqual({
      method: 'PUT',
      path: '/proposals/P-1/agreements',
      body: {
        accepted: [
          'terms-and-conditions',
          'policy-documents',
          'demands-and-needs',
          'information-correct',
        ],
      },
    });
  });

  it('stays on the summary and shows the reason when the agreements are refused', async () => {
    stubQuoteApi({
      proposal: buildProposal(),
      agreementsRefusal: { status: 409, message: 'This quote has expired.' },
    });
    const { router } = renderApp('/flex/proposal/P-1/summary');
    const next = await screen.findByRole('button', { name: 'Continue' });
    for (const label of CHECKLIST) {
      await userEvent.click(screen.getByRole('checkbox', { name: label }));
    }
    await userEvent.click(next);
    expect(await screen.findByRole('alert')).toHaveTextContent('This quote has expired.');
    expect(router.state.location.pathname).toBe('/flex/proposal/P-1/summary');
  });

  it('records one impression per proposal, toggles auto-renewal and e-mails the quote', async () => {
    const api = stubQuoteApi({ proposal: buildProposal() });
    const first = renderApp('/flex/proposal/P-1/summary');
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Renew my policy automatically' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me this quote' }));
    expect(await screen.findByText("We've e-mailed you a link to this quote.")).toBeInTheDocument();
    first.unmount();
    renderApp('/flex/proposal/P-1/summary');
    await screen.findByRole('heading', { level: 1, name: 'Check your quote' });
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/insights/impression', body: { proposalCode: 'P-1', values: {} } },
      { method: 'PUT', path: '/proposals/P-1/autoRenewal', body: { enabled: false } },
      { method: 'POST', path: '/proposals/P-1/retain', body: {} },
    ]);
  });

  it("says 'today' for a start today and shows the end date of a driveaway", async () => {
    stubQuoteApi({
      proposal: buildProposal({
        schemeCode: 'bmw-driveaway',
        policyTerm: 'P5D',
        startAt: new Date().toISOString(),
        endAt: '2026-11-28T09:00:00.000Z',
      }),
    });
    renderApp('/driveaway/proposal/P-1/summary');
    expect(await screen.findByText('Today')).toBeInTheDocument();
    expect(screen.getByText('28 November 2026')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText('Payment frequency')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
