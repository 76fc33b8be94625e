import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPolicy } from '../test/policy-fixture';
import { buildProposal } from '../test/proposal-fixture';
import { jsonResponse, signedInAuthState, stubApi } from '../test/api-stubs';
import { renderApp } from '../test/render-app';

function location(router: ReturnType<typeof renderApp>['router']) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

describe('route table (spec 1 §2)', () => {
  beforeEach(() => {
    stubApi((path) =>
      path === '/api/proposals/P-1'
        ? jsonResponse(200, { proposalCode: 'P-1', schemeCode: 'bmw-flex', status: 'QUOTE' })
        : jsonResponse(404, { message: 'Not found' }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'cookieConsent=; Max-Age=0; Path=/';
  });

  it('renders home with the shell: skip link, header, main, footer', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Car insurance for your BMW' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('link', { name: 'BMW Insurance home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/Powered by/)).toBeInTheDocument();
    // Issue 13 item 15: the regulatory statement and the legal pages a UK insurer shows.
    expect(
      within(footer).getByText(/authorised and regulated by the Financial Conduct Authority/),
    ).toBeInTheDocument();
    for (const [name, href] of [
      ['Complaints', '/content/static/complaints.html'],
      ['Privacy notice', '/content/static/privacy.html'],
      ['Cookie policy', '/content/static/cookies.html'],
      ['Terms of business', '/content/documents/flex/business-terms.html'],
    ]) {
      // Content pages open over the page in the modal iframe (spec 1 §2).
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('aria-haspopup', 'dialog');
    }
  });

  it.each([
    ['/flex', 'Get a quote for BMW Flex'],
    ['/driveaway', 'Get a quote for BMW Driveaway'],
    ['/retrieve', 'Retrieve your quote'],
    ['/sign-in', 'Sign in'],
    ['/callback', 'Signing you in'],
  ])('%s shows "%s"', async (path, heading) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  // The Sign in button itself is pinned in features/admin/admin-pages.test.tsx.
  it('/admin shows the Unauthorised screen when nobody is signed in', async () => {
    const { router } = renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it.each(['/nope', '/flex/nope', '/unknown-product', '/flex/proposal/UNKNOWN', '/a/b/c'])(
    '%s goes home',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  // Routing by status is pinned in proposal-routes.test.tsx.
  it('loads a known proposal', async () => {
    stubApi((path) =>
      path === '/api/proposals/P-1'
        ? jsonResponse(200, buildProposal())
        : jsonResponse(404, { message: 'Not found' }),
    );
    renderApp('/flex/proposal/P-1');
    expect(
      await screen.findByRole('heading', { name: 'Your quote' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Quote reference BMW-ABCD-EFGH')).toBeInTheDocument();
  });

  it.each([
    '/flex/renewal/R-1',
    '/flex/policy/pol-1/billing',
    '/account',
    '/account/email',
    '/driveaway/policy/pol-2?tab=claims',
  ])('%s sends an anonymous visitor to sign-in with returnTo', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() =>
      expect(location(router)).toBe(`/sign-in?returnTo=${encodeURIComponent(path)}`),
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('lets a signed-in user into protected pages, with an up-button on account settings', async () => {
    const { router } = renderApp('/account/email', { authState: signedInAuthState });
    expect(await screen.findByRole('heading', { name: 'E-mail address' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Back/ }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('sends a signed-in user home from an unknown account setting and from /retrieve', async () => {
    const first = renderApp('/account/unknown', { authState: signedInAuthState });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();
    const second = renderApp('/retrieve', { authState: signedInAuthState });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/'));
  });

  it('shows a signed-in user the policy page', async () => {
    stubApi((path) =>
      path.endsWith('/api/policies/pol_1')
        ? jsonResponse(200, buildPolicy())
        : jsonResponse(404, { message: 'Not found' }),
    );
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your policy' }),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user home from a policy that is not theirs', async () => {
    const view = renderApp('/flex/policy/pol-1', { authState: signedInAuthState });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  });

  it('sign-in keeps returnTo and says sign-in is by e-mail code', async () => {
    renderApp('/sign-in?returnTo=%2Fflex%2Fpolicy%2F1');
    expect(await screen.findByText(/one-time code/)).toBeInTheDocument();
    expect(screen.getByText(/go back to the page you were on/)).toBeInTheDocument();
  });

  it('help button opens the help modal', async () => {
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'How can we help?' });
    expect(
      within(dialog).getByRole('link', { name: 'Retrieve a saved quote' }),
    ).toBeInTheDocument();
  });
});

describe('navigation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('scrolls to the top and moves focus to main on navigation, not on first load', async () => {
    stubApi(() => jsonResponse(404, {}));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp('/');
    const main = screen.getByRole('main');
    await screen.findByRole('link', { name: 'Get a BMW Flex quote' });
    expect(main).not.toHaveFocus();
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'Get a BMW Flex quote' }));
    expect(
      await screen.findByRole('heading', { name: 'Get a quote for BMW Flex' }),
    ).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalled();
    expect(main).toHaveFocus();
  });
});
