import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { setImpersonatedUserId } from '../../lib/auth/impersonation';
import { brandFeatures } from '../../lib/brand';

const proposal = (code: string, status: string, startAt: string | null, extra = {}) => ({
  proposalCode: code,
  schemeCode: 'bmw-flex',
  status,
  startAt,
  ...extra,
});

const policy = (id: string, policyStatus: string, inceptedAt: string, extra = {}) => ({
  policyId: id,
  policyNumber: `POL-${id}`,
  schemeCode: 'bmw-flex',
  policyDetail: {
    policyStatus,
    createdAt: inceptedAt,
    inceptedAt,
    expiredAt: '2027-06-01T00:00:00Z',
    terminatedAt: null,
  },
  accounts: [],
  ...extra,
});

/** Answers each API path from a table; anything else is a 404. */
function stubPaths(table: Record<string, unknown>) {
  return stubApi((path) => {
    const key = path.replace(/^\/api/, '');
    return key in table ? jsonResponse(200, table[key]) : jsonResponse(404, {});
  });
}

/** A visitor who has started a quote before: an anonymous session in this tab. */
function withAnonymousSession() {
  sessionStorage.setItem(
    'motor.anonymousAccessToken',
    JSON.stringify({ accessToken: 'anonymous-token', expiresAt: Date.now() + 3_600_000 }),
  );
}

describe('home (anonymous)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows the start cards at once to a new visitor, without creating a session', async () => {
    const fetchMock = stubPaths({});
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Get a BMW Flex quote' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your quotes…')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the sign-in promo with its features and a sign-in button, and start cards', async () => {
    withAnonymousSession();
    stubPaths({ '/proposals': [] });
    renderApp('/');
    const promo = await screen.findByRole('region', { name: 'Already insured with us?' });
    expect(within(promo).getAllByRole('listitem')).toHaveLength(4);
    expect(within(promo).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2F',
    );
    expect(await screen.findByRole('link', { name: 'Get a BMW Flex quote' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a BMW Driveaway quote' })).toBeInTheDocument();
  });

  it('shows a card per proposal status, sorted by start date, and still offers new quotes', async () => {
    withAnonymousSession();
    stubPaths({
      '/proposals': [
        proposal('Q-EXPIRED', 'QUOTE_EXPIRED', '2026-03-01T00:00:00Z'),
        proposal('Q-POLICY', 'POLICY', '2026-01-15T00:00:00Z'),
        proposal('Q-QUOTE', 'QUOTE', '2026-01-01T00:00:00Z', {
          externalReference: 'BMW-AAAA-BBBB',
          quote: {
            totalPremium: 101933,
            availablePaymentSchedules: [
              { type: 'MONTHLY', active: true, premiumBreakdown: { instalmentAmount: 8495 } },
            ],
            insuredAssets: [{ coreAsset: true, data: { vehicle: { vrn: 'bm24xyz' } } }],
          },
        }),
        proposal('Q-ACCURACY', 'INSUFFICIENT_ACCURACY', null),
        proposal('Q-REFERRAL', 'REFERRAL', '2026-02-01T00:00:00Z'),
      ],
    });
    renderApp('/');
    const list = await screen.findByRole('region', { name: 'Your quotes' });
    const cards = within(list).getAllByRole('listitem');
    // POLICY has no card; no start date sorts last.
    expect(cards.map((card) => within(card).getByText(/^Reference/).textContent)).toEqual([
      'Reference BMW-AAAA-BBBB',
      'Reference Q-REFERRAL',
      'Reference Q-EXPIRED',
      'Reference Q-ACCURACY',
    ]);
    expect(cards[0]).toHaveTextContent('Quote ready');
    // A monthly quote shows its monthly price, as its quote page heads it, and the plate spaced
    // as everywhere else (issue 31 item 10).
    expect(cards[0]).toHaveTextContent('Monthly price £84.95 a month');
    expect(cards[0]).not.toHaveTextContent('£1,019.33');
    expect(cards[0]).toHaveTextContent('Car BM24 XYZ');
    expect(within(cards[0]!).getByRole('link', { name: /^View quote/ })).toHaveAttribute(
      'href',
      '/flex/proposal/Q-QUOTE',
    );
    expect(within(cards[1]!).getByRole('link', { name: /^Resume quote/ })).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('link', { name: /^Update quote/ })).toBeInTheDocument();
    expect(cards[2]).not.toHaveTextContent('£');
    expect(within(cards[3]!).getByRole('link', { name: /^Resume quote/ })).toBeInTheDocument();
    // Another quote may be started beside them (issue 31 item 9; multiQuote is on for BMW).
    const start = screen.getByRole('region', { name: 'Get another quote' });
    expect(within(start).getByRole('link', { name: 'Get a BMW Flex quote' })).toBeInTheDocument();
  });
});

describe('home (signed in)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('greets the customer and shows policy cards by status order then latest inception', async () => {
    stubPaths({
      '/proposals': [],
      '/policies': [
        policy('old-active', 'ACTIVE', '2025-01-01T00:00:00Z'),
        policy('voided', 'VOIDED', '2025-05-01T00:00:00Z'),
        policy('renewed', 'RENEWED', '2024-01-01T00:00:00Z'),
        policy('pending', 'PENDING', '2026-12-01T00:00:00Z'),
        policy('new-active', 'ACTIVE', '2026-01-01T00:00:00Z'),
        policy('ntu', 'NTU', '2025-02-01T00:00:00Z'),
      ],
    });
    renderApp('/', { authState: signedInAuthState });
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Jo' })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Your policies' });
    const cards = within(region).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/^Policy number/).textContent)).toEqual([
      'Policy number POL-new-active',
      'Policy number POL-old-active',
      'Policy number POL-pending',
      'Policy number POL-voided',
      'Policy number POL-ntu',
    ]);
    expect(cards[0]).toHaveTextContent('On cover');
    expect(cards[2]).toHaveTextContent('Starts soon');
    // VOIDED and NTU share the ended card, dated by inception, and read as cancelled (spec 3 §4).
    for (const card of [cards[3]!, cards[4]!]) {
      expect(within(card).getByText('Cancelled')).toBeInTheDocument();
      expect(card).not.toHaveTextContent('Ended');
    }
    expect(cards[3]).toHaveTextContent('Cancelled from 1 May 2025');
    expect(cards[4]).toHaveTextContent('Cancelled from 1 February 2025');
    expect(within(cards[0]!).getByRole('link', { name: /View policy/ })).toHaveAttribute(
      'href',
      '/flex/policy/new-active',
    );
    // No proposals: no tabs.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Get another quote' })).toBeInTheDocument();
  });

  it('shows a lapsed policy as ended and a cancelled one as cancelled, each by its own date', async () => {
    stubPaths({
      '/proposals': [],
      '/policies': [
        policy('lapsed', 'LAPSED', '2025-06-01T00:00:00Z', {
          policyDetail: {
            policyStatus: 'LAPSED',
            inceptedAt: '2025-06-01T00:00:00Z',
            expiredAt: '2026-06-01T00:00:00Z',
            terminatedAt: null,
          },
        }),
        policy('cancelled', 'CANCELLED', '2025-03-01T00:00:00Z', {
          policyDetail: {
            policyStatus: 'CANCELLED',
            inceptedAt: '2025-03-01T00:00:00Z',
            expiredAt: '2026-03-01T00:00:00Z',
            terminatedAt: '2025-09-10T00:00:00Z',
          },
        }),
      ],
    });
    renderApp('/', { authState: signedInAuthState });
    const region = await screen.findByRole('region', { name: 'Your policies' });
    const [lapsed, cancelled] = within(region).getAllByRole('listitem');
    expect(within(lapsed!).getByText('Ended')).toBeInTheDocument();
    expect(lapsed).toHaveTextContent('Ended 1 June 2026');
    expect(lapsed).not.toHaveTextContent('Lapsed');
    expect(within(cancelled!).getByText('Cancelled')).toBeInTheDocument();
    expect(cancelled).toHaveTextContent('Cancelled from 10 September 2025');
  });

  it('offers the upsell on a policy card only while it is a QUOTE or QUOTE_EXPIRED', async () => {
    const driveaway = (id: string, status: string) =>
      policy(id, 'ACTIVE', '2026-01-01T00:00:00Z', {
        schemeCode: 'bmw-driveaway',
        upsellProposal: { proposalCode: `U-${id}`, schemeCode: 'bmw-flex', status },
      });
    stubPaths({
      '/proposals': [],
      '/policies': [
        driveaway('a', 'QUOTE'),
        driveaway('b', 'QUOTE_EXPIRED'),
        driveaway('c', 'INSUFFICIENT_ACCURACY'),
        driveaway('d', 'POLICY'),
      ],
    });
    renderApp('/', { authState: signedInAuthState });
    const region = await screen.findByRole('region', { name: 'Your policies' });
    const links = within(region).getAllByRole('link', { name: /Keep driving with BMW Flex/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/flex/proposal/U-a/upgrade',
      '/flex/proposal/U-b',
    ]);
  });

  it('with multiQuote off counts policies too: no second quote for a product held, again once it ended', async () => {
    brandFeatures.multiQuote = false;
    try {
      stubPaths({
        '/proposals': [],
        '/policies': [policy('f-1', 'ACTIVE', '2026-01-01T00:00:00Z')],
      });
      const { unmount } = renderApp('/', { authState: signedInAuthState });
      await screen.findByRole('region', { name: 'Your policies' });
      // Flex is held and Driveaway is open: only Driveaway is offered.
      const start = await screen.findByRole('region', { name: 'Get another quote' });
      expect(
        within(start)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Get a BMW Driveaway quote']);
      unmount();
      vi.unstubAllGlobals();
      stubPaths({
        '/proposals': [],
        '/policies': [policy('f-1', 'LAPSED', '2025-01-01T00:00:00Z')],
      });
      renderApp('/', { authState: signedInAuthState });
      await screen.findByRole('region', { name: 'Your policies' });
      expect(await screen.findByRole('link', { name: 'Get a BMW Flex quote' })).toBeInTheDocument();
    } finally {
      brandFeatures.multiQuote = true;
    }
  });

  it('offers no Driveaway quote to a customer who holds a Driveaway policy (one per customer)', async () => {
    stubPaths({
      '/proposals': [],
      '/policies': [
        policy('d-1', 'LAPSED', '2026-01-01T00:00:00Z', { schemeCode: 'bmw-driveaway' }),
      ],
    });
    renderApp('/', { authState: signedInAuthState });
    await screen.findByRole('region', { name: 'Your policies' });
    const start = await screen.findByRole('region', { name: 'Get another quote' });
    expect(within(start).getByRole('link', { name: 'Get a BMW Flex quote' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get a BMW Driveaway quote' })).toBeNull();
  });

  it('still offers Driveaway to a customer whose policies are all Flex', async () => {
    stubPaths({ '/proposals': [], '/policies': [policy('f-1', 'ACTIVE', '2026-01-01T00:00:00Z')] });
    renderApp('/', { authState: signedInAuthState });
    expect(
      await screen.findByRole('link', { name: 'Get a BMW Driveaway quote' }),
    ).toBeInTheDocument();
  });

  it('shows tabs Policies and Proposals with counts only when both exist', async () => {
    stubPaths({
      '/proposals': [proposal('Q-1', 'QUOTE', '2026-01-01T00:00:00Z')],
      '/policies': [policy('p-1', 'ACTIVE', '2026-01-01T00:00:00Z')],
    });
    const user = userEvent.setup();
    renderApp('/', { authState: signedInAuthState });
    const tablist = await screen.findByRole('tablist', { name: 'Your insurance' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Policies (1)', 'Quotes (1)']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Policy number POL-p-1');
    await user.click(tabs[1]!);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Reference Q-1');
  });

  it('keeps the heading order in tabs (a Driveaway policy and its upgrade quote): h1, h2, h3', async () => {
    stubPaths({
      '/proposals': [proposal('Q-1', 'QUOTE', '2026-01-01T00:00:00Z')],
      '/policies': [policy('p-1', 'ACTIVE', '2026-01-01T00:00:00Z')],
    });
    renderApp('/', { authState: signedInAuthState });
    const panel = await screen.findByRole('tabpanel');
    // The tab names the list; its h2 is for screen readers, above the cards' h3.
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveClass('visually-hidden');
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
  });

  it('treats missing policy and account routes (404) as none, with proposals only', async () => {
    stubPaths({ '/proposals': [proposal('Q-1', 'QUOTE', '2026-01-01T00:00:00Z')] });
    renderApp('/', { authState: signedInAuthState });
    expect(await screen.findByRole('region', { name: 'Your quotes' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Set up your Direct Debit/ })).toBeNull();
  });

  it('asks for a Direct Debit when the account pays by direct debit and has no mandate', async () => {
    const fetchMock = stubPaths({
      '/proposals': [],
      '/policies': [
        policy('p-1', 'ACTIVE', '2026-01-01T00:00:00Z', {
          accounts: [{ accountStatus: 'ACTIVE', paymentMethodType: 'BACS_DEBIT' }],
        }),
      ],
      '/customerAccounts': [
        { accountCode: 'POL-p-1', accountStatus: 'ACTIVE', paymentMethodType: 'BACS_DEBIT' },
      ],
      '/goCardless/mandates': [
        { type: 'BACS_DEBIT', status: 'CANCELLED', bankName: 'Lloyds', accountNumberEnding: '12' },
      ],
    });
    renderApp('/', { authState: signedInAuthState });
    const notice = await screen.findByRole('region', { name: 'Set up your Direct Debit' });
    expect(within(notice).getByRole('button', { name: 'Set up Direct Debit' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Add a payment card' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/customerAccounts', expect.anything());
  });

  it('asks for nothing for a free policy (spec 1 §4: no method when none is set and nothing is due)', async () => {
    stubPaths({
      '/proposals': [],
      '/policies': [policy('free-1', 'ACTIVE', '2026-01-01T00:00:00Z', { accounts: [] })],
      '/customerAccounts': [
        { accountCode: 'POL-free-1', accountStatus: 'ACTIVE', paymentMethodType: null },
      ],
      '/goCardless/mandates': [],
    });
    renderApp('/', { authState: signedInAuthState });
    expect(await screen.findByRole('region', { name: 'Your policies' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Set up your Direct Debit' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add a payment card' })).toBeNull();
  });

  it('asks for a card when a card-paying account has none saved', async () => {
    stubPaths({
      '/proposals': [],
      '/policies': [],
      '/customerAccounts': [
        { accountCode: 'POL-2', accountStatus: 'ACTIVE', paymentMethodType: 'CARD' },
      ],
      '/goCardless/mandates': [],
    });
    renderApp('/', { authState: signedInAuthState });
    const notice = await screen.findByRole('region', { name: 'Add a payment card' });
    expect(within(notice).getByRole('button', { name: 'Add a card' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Set up your Direct Debit' })).toBeNull();
  });

  it('shows no notice once an active mandate exists', async () => {
    stubPaths({
      '/proposals': [],
      '/policies': [],
      '/customerAccounts': [
        { accountCode: 'POL-1', accountStatus: 'ACTIVE', paymentMethodType: 'BACS_DEBIT' },
      ],
      '/goCardless/mandates': [
        { type: 'BACS_DEBIT', status: 'ACTIVE', bankName: 'Lloyds', accountNumberEnding: '12' },
      ],
    });
    renderApp('/', { authState: signedInAuthState });
    await screen.findByRole('heading', { name: 'Get a quote' });
    expect(screen.queryByRole('region', { name: 'Set up your Direct Debit' })).toBeNull();
  });

  it('completes the mandate from ?redirect_flow_id= with a loader, then clears the parameter', async () => {
    const fetchMock = stubApi((path, init) => {
      if (path === '/api/goCardless/mandates' && init?.method === 'POST') {
        return jsonResponse(201, { bankName: 'Lloyds', accountNumberEnding: '12' });
      }
      return jsonResponse(200, []);
    });
    const { router } = renderApp('/?redirect_flow_id=RF123', { authState: signedInAuthState });
    expect(screen.getByRole('status')).toHaveTextContent('Setting up your Direct Debit…');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ redirectFlowId: 'RF123' });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});

describe('home (staff, issue 31 item 5)', () => {
  const staff = {
    ...signedInAuthState,
    isAdmin: true,
    permissions: ['access:impersonate'],
    user: {
      userId: 'admin-1',
      username: 'ada@example.com',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Admin',
    },
  };

  afterEach(() => {
    setImpersonatedUserId(null);
    vi.unstubAllGlobals();
  });

  it('greets the customer acted for, not the staff member, and lists their policies', async () => {
    setImpersonatedUserId('u-42');
    stubPaths({
      '/policyholder': {
        userId: 'u-42',
        connection: 'email',
        username: 'sam@example.com',
        email: 'sam@example.com',
        phoneNumber: null,
        firstName: 'Sam',
        lastName: 'Smith',
        marketingPreferences: { email: false, phone: false, sms: false },
      },
      '/proposals': [],
      '/policies': [policy('active', 'ACTIVE', '2026-01-01T00:00:00Z')],
    });
    renderApp('/', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeNull();
    expect(screen.getByText("Here are the customer's policies and quotes.")).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Your policies' })).toBeInTheDocument();
  });

  it('acting for nobody, asks for nothing and shows no error: the way to the staff console', async () => {
    const fetchMock = stubPaths({});
    renderApp('/', { authState: staff });
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You are not acting for a customer. Find one in the staff console to see their policies and quotes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the staff console' })).toHaveAttribute(
      'href',
      '/admin',
    );
    // Nothing the API would refuse a staff member acting for nobody (403): no error to show.
    await new Promise((done) => setTimeout(done, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
