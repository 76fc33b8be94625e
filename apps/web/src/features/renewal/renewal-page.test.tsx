import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProposalResponse } from '@motor/contract';
import type { ProposalStatus } from '@motor/domain';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildProposal } from '../../test/proposal-fixture';
import { renderApp } from '../../test/render-app';
import { getRenewalScreen, RenewalUnsupportedError } from './renewal-rules';

// The renewal pages (spec 2 §2 "Renewal", §4, §5, §8; issue 17 item 3): the guard (a renewal,
// not stopped, auto-renewal on, else home), the quote page by status, the referral page, the
// opt-out page with a required reason, and the error of any other status.

const PATH = '/flex/renewal/R-1';

/** Last year's flex price: £960.00 a year, £80.00 a month. */
const LAST_YEAR = buildProposal().quote;
const lastYear = {
  ...LAST_YEAR,
  ratingStatus: 'QUOTE' as const,
  totals: { discounted: 96000 },
  availablePaymentSchedules: [
    {
      type: 'MONTHLY' as const,
      active: true,
      premiumBreakdown: {
        ...LAST_YEAR.availablePaymentSchedules[0]!.premiumBreakdown,
        totalPremium: 96000,
        instalmentAmount: 8000,
      },
    },
  ],
};

type Driver = ProposalResponse['quote']['insuredProfiles'][number];

const JOHN: Driver = {
  profileCode: 'p1',
  policyholder: false,
  data: { firstName: 'John', lastName: 'Smith' },
};

function buildRenewal(
  options: {
    status?: ProposalStatus;
    detail?: Partial<NonNullable<ProposalResponse['sourcePolicy']>['detail']>;
    sourcePolicy?: null;
    drivers?: Driver[];
  } = {},
): ProposalResponse {
  const proposal = buildProposal({
    proposalCode: 'R-1',
    status: options.status ?? 'QUOTE',
    startAt: '2027-11-23T09:00:00.000Z',
    endAt: '2028-11-23T09:00:00.000Z',
  });
  if (options.sourcePolicy === null) return proposal;
  return {
    ...proposal,
    quote: {
      ...proposal.quote,
      insuredProfiles: [...proposal.quote.insuredProfiles, ...(options.drivers ?? [JOHN])],
    },
    sourcePolicy: {
      policyId: 'pol_1',
      quote: lastYear,
      detail: {
        expiredAt: '2027-11-23T09:00:00.000Z',
        renewalStopped: false,
        autoRenewalEnabled: true,
        ...options.detail,
      },
    },
  };
}

type Sent = { method: string; path: string; body: unknown };

function stubRenewal(renewal: ProposalResponse, sent: Sent[] = []) {
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === '/proposals/R-1' && method === 'GET') return jsonResponse(200, renewal);
    if (path === '/proposals/R-1' && method === 'PATCH') {
      const { changes } = body as { changes: { changeType: string; excess?: number }[] };
      const excess = changes.find((change) => change.changeType === 'SELECT_VOLUNTARY_EXCESS');
      return jsonResponse(200, {
        ...renewal,
        revision: renewal.revision + 1,
        quote: {
          ...renewal.quote,
          voluntaryExcess: excess?.excess ?? renewal.quote.voluntaryExcess,
          totals: { discounted: 99000 },
        },
      });
    }
    if (path === '/policies/pol_1/autoRenewal') return jsonResponse(200, {});
    return jsonResponse(404, {});
  });
}

const at = async (path: string) => {
  const app = renderApp(path, { authState: signedInAuthState });
  return app;
};

describe('renewal pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the quote page: last year’s premium beside this year’s, sections, covers, excess, documents, opt-out', async () => {
    stubRenewal(buildRenewal());
    await at(PATH);
    await screen.findByRole('heading', { level: 1, name: 'Your renewal' });
    expect(
      screen.getByText(
        'Your policy renews automatically on 23 November 2027. Check your details and cover for the coming year.',
      ),
    ).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Your renewal price' });
    expect(within(terms).getByText("Last year's premium").nextSibling).toHaveTextContent(
      '£960.00 for the year (£80.00 a month)',
    );
    expect(within(terms).getByText("This year's premium").nextSibling).toHaveTextContent(
      '£1,019.33 for the year (£84.95 a month)',
    );
    // A yearly term, worded as the certificate and IPID word it: never "renews monthly"
    // (issue 31 items 10 and 12).
    expect(within(terms).getByText('Term').nextSibling).toHaveTextContent(
      '12 months, renews automatically',
    );
    expect(screen.queryByText(/renews monthly/i)).toBeNull();
    // One section per renewal configuration entry (flex: management, then additional drivers).
    const management = screen.getByRole('region', { name: 'Your policy' });
    expect(within(management).getByText('BM24 XYZ, BMW 3 Series 320i M Sport')).toBeInTheDocument();
    expect(within(management).getByText('Jane Smith')).toBeInTheDocument();
    const drivers = screen.getByRole('region', { name: 'Additional drivers' });
    expect(within(drivers).getByRole('listitem')).toHaveTextContent('John Smith');
    const covers = screen.getByRole('region', { name: 'Optional extras' });
    expect(within(covers).getAllByRole('switch')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Your excess' })).toBeInTheDocument();
    const documents = screen.getByRole('region', { name: 'Your renewal documents' });
    expect(within(documents).getAllByRole('link').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Turn off automatic renewal' })).toHaveAttribute(
      'href',
      `${PATH}/opt-out`,
    );
  });

  it('sends a cover toggle and an excess as changes of the renewal, re-rated', async () => {
    const sent: Sent[] = [];
    stubRenewal(buildRenewal(), sent);
    const user = userEvent.setup();
    await at(PATH);
    const covers = await screen.findByRole('region', { name: 'Optional extras' });
    await user.click(within(covers).getByRole('switch', { name: /Motor legal expenses/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: '/proposals/R-1',
      body: {
        applyRating: true,
        revision: 3,
        changes: [
          { changeType: 'REQUEST_COVER_OPTION', coverCode: 'legal_expenses', selected: true },
        ],
      },
    });
    await waitFor(() =>
      expect(
        screen.getByText("This year's premium").nextSibling?.textContent?.startsWith('£990.00'),
      ).toBe(true),
    );
    await user.selectOptions(screen.getByLabelText('Voluntary excess'), '£200');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({
      applyRating: true,
      revision: 4,
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
    });
  });

  it('opts out only with a reason (Other with details), then goes home', async () => {
    const sent: Sent[] = [];
    stubRenewal(buildRenewal(), sent);
    const user = userEvent.setup();
    const { router } = await at(`${PATH}/opt-out`);
    await screen.findByRole('heading', { level: 1, name: 'Turn off automatic renewal' });
    expect(
      screen.getByText(
        'Your policy will end on 23 November 2027 and will not renew. You can turn automatic renewal back on from your policy page until then.',
      ),
    ).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Turn off automatic renewal' });
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason');
    expect(screen.getByRole('group', { name: 'Why are you turning it off?' })).toHaveAttribute(
      'aria-describedby',
      'renewal-opt-out-error',
    );
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent("Tell us why you're turning it off");
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Tell us more'), 'Moving abroad');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/policies/pol_1/autoRenewal',
        body: { enabled: false, reason: 'Other', details: 'Moving abroad' },
      },
    ]);
  });

  it('shows the referral page for a REFERRAL renewal', async () => {
    stubRenewal(buildRenewal({ status: 'REFERRAL' }));
    await at(PATH);
    await screen.findByRole('heading', { level: 1, name: 'We need to review your renewal' });
    expect(
      screen.getByRole('region', { name: 'Your policy will not renew automatically' }),
    ).toHaveTextContent(
      "We can't offer your renewal online. Please chat with us before 23 November 2027 so we can look at your details.",
    );
    expect(screen.queryByRole('region', { name: 'Your renewal price' })).toBeNull();
  });

  it.each([
    ['a proposal that is not a renewal', buildRenewal({ sourcePolicy: null })],
    ['a stopped renewal', buildRenewal({ detail: { renewalStopped: true } })],
    ['a renewal with auto-renewal off', buildRenewal({ detail: { autoRenewalEnabled: false } })],
  ])('sends %s home, the opt-out page too', async (_name, renewal) => {
    for (const path of [PATH, `${PATH}/opt-out`]) {
      stubRenewal(renewal);
      const app = await at(path);
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
      app.unmount();
    }
  });

  it('sends a missing renewal home and an unknown sub-path to the renewal', async () => {
    stubApi(() => jsonResponse(404, {}));
    const missing = await at(PATH);
    await waitFor(() => expect(missing.router.state.location.pathname).toBe('/'));
    missing.unmount();
    stubRenewal(buildRenewal());
    const unknown = await at(`${PATH}/no-such-page`);
    await waitFor(() => expect(unknown.router.state.location.pathname).toBe(PATH));
  });

  describe('additional drivers on the renewal (disclosure/{sectionId}/*)', () => {
    const SECTION = `${PATH}/disclosure/additional-drivers`;
    const fourDrivers = ['p1', 'p2', 'p3', 'p4'].map((profileCode, index) => ({
      profileCode,
      policyholder: false,
      data: { firstName: `Driver${index + 1}`, lastName: 'Smith' },
    }));

    it('links each driver to its change page and "Add a driver" to a new one', async () => {
      stubRenewal(buildRenewal());
      await at(PATH);
      const drivers = await screen.findByRole('region', { name: 'Additional drivers' });
      expect(within(drivers).getByRole('link', { name: 'Change John Smith' })).toHaveAttribute(
        'href',
        `${SECTION}/profile/p1`,
      );
      expect(within(drivers).getByRole('link', { name: 'Add a driver' })).toHaveAttribute(
        'href',
        `${SECTION}/profile`,
      );
    });

    it('edits a driver with the policy’s read-only answers (name, date of birth) kept', async () => {
      stubRenewal(buildRenewal());
      await at(`${SECTION}/profile/p1`);
      await screen.findByRole('heading', { level: 1, name: 'Edit driver' });
      expect(screen.getByRole('textbox', { name: 'First name' })).toBeDisabled();
      expect(screen.getByRole('textbox', { name: 'Last name' })).toBeDisabled();
      expect(screen.getByRole('combobox', { name: 'How is John related to you?' })).toBeEnabled();
      expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', PATH);
    });

    it('adds a driver (p2 next to p1) with every answer open', async () => {
      stubRenewal(buildRenewal());
      await at(`${SECTION}/profile`);
      await screen.findByRole('heading', { level: 1, name: 'Add a driver' });
      expect(screen.getByRole('textbox', { name: 'First name' })).toBeEnabled();
      expect(screen.getByRole('textbox', { name: 'Last name' })).toBeEnabled();
      expect(document.querySelector('form')?.querySelector('[id^="driver-p2"]')).not.toBeNull();
    });

    it('lists the drivers in the section page, with the way back to the renewal', async () => {
      stubRenewal(buildRenewal());
      await at(SECTION);
      await screen.findByRole('heading', { level: 1, name: 'Additional drivers' });
      expect(screen.getByRole('link', { name: 'Edit John Smith' })).toHaveAttribute(
        'href',
        `${SECTION}/profile/p1`,
      );
      expect(screen.getByRole('link', { name: 'Back to your renewal' })).toHaveAttribute(
        'href',
        PATH,
      );
    });

    it('offers no new driver at the product’s maximum: the add page goes back to the renewal', async () => {
      stubRenewal(buildRenewal({ drivers: fourDrivers }));
      const app = await at(PATH);
      const drivers = await screen.findByRole('region', { name: 'Additional drivers' });
      expect(within(drivers).queryByRole('link', { name: 'Add a driver' })).toBeNull();
      app.unmount();
      stubRenewal(buildRenewal({ drivers: fourDrivers }));
      const add = await at(`${SECTION}/profile`);
      await waitFor(() => expect(add.router.state.location.pathname).toBe(PATH));
    });

    it.each([
      ['a section the renewal cannot edit', `${PATH}/disclosure/about-you`, buildRenewal()],
      ['a driver that is not on it', `${SECTION}/profile/p9`, buildRenewal()],
      ['a renewal already bought', `${SECTION}/profile/p1`, buildRenewal({ status: 'POLICY' })],
    ])('sends %s back to the renewal', async (_name, path, renewal) => {
      stubRenewal(renewal);
      const app = await at(path);
      await waitFor(() => expect(app.router.state.location.pathname).toBe(PATH));
    });

    it('sends a stopped renewal home from its driver pages', async () => {
      for (const path of [SECTION, `${SECTION}/profile`, `${SECTION}/profile/p1`]) {
        stubRenewal(buildRenewal({ detail: { renewalStopped: true } }));
        const app = await at(path);
        await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
        app.unmount();
      }
    });
  });

  it.each<ProposalStatus>(['QUOTE_EXPIRED', 'INSUFFICIENT_ACCURACY'])(
    'raises "Renewal unsupported in status %s"',
    async (status) => {
      expect(() => getRenewalScreen({ status })).toThrow(new RenewalUnsupportedError(status));
      expect(new RenewalUnsupportedError(status).message).toBe(
        `Renewal unsupported in status ${status}`,
      );
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      stubRenewal(buildRenewal({ status }));
      await at(PATH);
      expect(
        await screen.findByText(`Renewal unsupported in status ${status}`),
      ).toBeInTheDocument();
    },
  );
});
