import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PolicyStatus } from '@motor/domain';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { renderApp } from '../../test/render-app';

// The policy area (spec 3 §2): tabs by status, details, auto-renewal (spec 3 §4).

function stubPolicy(policy = buildPolicy(), onPut?: (body: unknown) => void) {
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    if (path === '/policies/pol_1' && init?.method === 'PUT') return jsonResponse(404, {});
    if (path === '/policies/pol_1/autoRenewal') {
      onPut?.(JSON.parse(String(init?.body)));
      return jsonResponse(200, policy);
    }
    if (path === '/policies/pol_1') return jsonResponse(200, policy);
    if (path.startsWith('/customerAccounts')) return jsonResponse(200, []);
    if (path.startsWith('/claims')) return jsonResponse(200, []);
    return jsonResponse(404, {});
  });
}

const tabNames = () =>
  within(screen.getByRole('navigation', { name: 'Policy sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('policy area', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each<[PolicyStatus, string[]]>([
    ['ACTIVE', ['Policy details', 'Documents', 'Billing', 'Claims']],
    ['PENDING', ['Policy details', 'Documents', 'Billing', 'Claims']],
    ['CANCELLED', ['Billing', 'Claims']],
    ['LAPSED', ['Billing', 'Claims']],
  ])('a %s flex policy has the tabs %j', async (policyStatus, tabs) => {
    stubPolicy(buildPolicy({ policyDetail: { policyStatus } }));
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Your policy' });
    expect(tabNames()).toEqual(tabs);
  });

  it('a VOIDED policy shows its billing only, without a tab bar', async () => {
    stubPolicy(buildPolicy({ policyDetail: { policyStatus: 'VOIDED' } }));
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    expect(await screen.findByRole('heading', { level: 2, name: 'Billing' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Policy sections' })).toBeNull();
  });

  it('never shows billing for driveaway', async () => {
    stubPolicy(buildPolicy({ schemeCode: 'bmw-driveaway' }));
    renderApp('/driveaway/policy/pol_1', { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Your policy' });
    expect(tabNames()).toEqual(['Policy details', 'Documents', 'Claims']);
  });

  it('sends a RENEWED or missing policy home, and an unknown sub-path to the tab root', async () => {
    stubPolicy(buildPolicy({ policyDetail: { policyStatus: 'RENEWED' } }));
    const renewed = renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    await waitFor(() => expect(renewed.router.state.location.pathname).toBe('/'));
    renewed.unmount();

    stubPolicy();
    const unknown = renderApp('/flex/policy/pol_1/no-such-tab', { authState: signedInAuthState });
    await waitFor(() => expect(unknown.router.state.location.pathname).toBe('/flex/policy/pol_1'));
    unknown.unmount();

    stubPolicy(buildPolicy({ policyDetail: { policyStatus: 'CANCELLED' } }));
    const hidden = renderApp('/flex/policy/pol_1/documents', { authState: signedInAuthState });
    await waitFor(() => expect(hidden.router.state.location.pathname).toBe('/flex/policy/pol_1'));
  });

  it('shows the details: car, drivers, dates, cover, add-ons and the excess per claim', async () => {
    const policy = buildPolicy();
    policy.currentPolicyVersion.quote.excess.push(
      { excessCategory: 'DRVEXC_YOUNG', excess: 15000 },
      { excessCategory: 'voluntary', excess: 10000 },
    );
    stubPolicy(policy);
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    const summary = await screen.findByRole('region', { name: 'Your policy' });
    expect(within(summary).getByText('BM24 XYZ, BMW 3 Series 320i M Sport')).toBeInTheDocument();
    expect(within(summary).getByText('Jane Smith (policyholder)')).toBeInTheDocument();
    expect(within(summary).getByText('23 November 2027')).toBeInTheDocument();
    const excess = screen.getByRole('region', { name: 'Your excess' });
    expect(within(excess).getByText('What you pay towards a claim')).toBeInTheDocument();
    // Each total per claim once, the voluntary excess added in (issue 31 item 10).
    expect(within(excess).getAllByText('Accidental damage')).toHaveLength(1);
    expect(within(excess).getByText('Accidental damage').nextSibling).toHaveTextContent('£350');
    expect(within(excess).getByText('Fire and theft').nextSibling).toHaveTextContent('£350');
    expect(within(excess).queryByText('Voluntary excess')).toBeNull();
    expect(within(excess).getByText('Drivers under 25').nextSibling).toHaveTextContent('£150');
    expect(excess).toHaveTextContent('include your voluntary excess of £100.');
    const addOns = screen.getByRole('region', { name: 'Add-ons' });
    expect(within(addOns).getAllByText('Not added')).toHaveLength(2);
    expect(within(addOns).getByRole('link', { name: 'Motor legal expenses' })).toHaveAttribute(
      'href',
      '/content/optional-covers/legal_expenses.html',
    );
    // The cover, each linked to its page, and what the product covers and what it doesn't.
    const cover = screen.getByRole('region', { name: 'Your cover' });
    expect(
      within(cover).getByRole('link', { name: 'Accidental damage, fire and theft of your car' }),
    ).toHaveAttribute('href', '/content/covers/damage_to_car.html');
    expect(
      within(cover).getByRole('link', { name: "What BMW Flex covers, and what it doesn't" }),
    ).toHaveAttribute('href', '/content/exposures/flex.html');
    // How the product works, from its howItWorks configuration, folded until asked for.
    const howItWorks = screen.getByRole('button', { name: 'How BMW Flex works' });
    expect(howItWorks).toHaveAttribute('aria-expanded', 'false');
    const firstStep =
      'Your cover runs month by month. We collect each month on your payment day by Direct Debit.';
    expect(screen.getByText(firstStep)).not.toBeVisible();
    await userEvent.click(howItWorks);
    expect(screen.getByText(firstStep)).toBeVisible();
    expect(screen.getByText(/^Cancel whenever you like\. Within 14 days/)).toBeVisible();
  });

  it('says how much a promotion takes off each monthly payment, never its internal id', async () => {
    const policy = buildPolicy();
    policy.currentPolicyVersion.quote.promoCode = 'flex-welcome';
    policy.currentPolicyVersion.quote.promotionMonthlyDiscountPence = 8_334;
    stubPolicy(policy);
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    expect(await screen.findByText('Your offer is applied')).toBeInTheDocument();
    expect(screen.getByText('Up to £83.34 comes off each monthly payment.')).toBeInTheDocument();
    expect(screen.queryByText(/flex-welcome/)).toBeNull();
  });

  it('says from which month a loyalty discount comes off', async () => {
    const policy = buildPolicy();
    policy.currentPolicyVersion.quote.promoCode = 'flex-loyalty';
    policy.currentPolicyVersion.quote.promotionMonthlyDiscountPence = 4_000;
    policy.currentPolicyVersion.quote.promotionFromInstalment = 7;
    stubPolicy(policy);
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    expect(await screen.findByText('Your offer is applied')).toBeInTheDocument();
    expect(
      screen.getByText('Up to £40.00 comes off each monthly payment from your 7th month.'),
    ).toBeInTheDocument();
  });

  it('turns auto-renewal off only with a reason, and Other only with details', async () => {
    const sent: unknown[] = [];
    stubPolicy(buildPolicy(), (body) => sent.push(body));
    const user = userEvent.setup();
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    const section = await screen.findByRole('region', { name: 'Automatic renewal' });
    expect(within(section).getByText('On')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Turn off automatic renewal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off automatic renewal' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn it off' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason');
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Turn it off' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      "Tell us why you're turning it off",
    );
    await user.type(within(dialog).getByLabelText('Tell us more'), 'Moving abroad');
    await user.click(within(dialog).getByRole('button', { name: 'Turn it off' }));
    await waitFor(() =>
      expect(sent).toEqual([{ enabled: false, reason: 'Other', details: 'Moving abroad' }]),
    );
  });

  it('hides auto-renewal when the product does not allow changing it (driveaway)', async () => {
    stubPolicy(buildPolicy({ schemeCode: 'bmw-driveaway' }));
    renderApp('/driveaway/policy/pol_1', { authState: signedInAuthState });
    await screen.findByRole('region', { name: 'Your policy' });
    expect(screen.queryByRole('region', { name: 'Automatic renewal' })).toBeNull();
  });

  it('opens the claims tab from its link', async () => {
    stubPolicy();
    const user = userEvent.setup();
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Your policy' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Policy sections' })).getByRole('link', {
        name: 'Claims',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your claims' }),
    ).toBeInTheDocument();
  });

  it('opens the upload page from the details sidebar for an ACTIVE policy only', async () => {
    stubPolicy();
    const user = userEvent.setup();
    const view = renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    await user.click(
      await screen.findByRole('link', { name: 'Upload proof of your no-claims bonus' }),
    );
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/flex/policy/pol_1/uploads/ncb-proof'),
    );
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    view.unmount();

    stubPolicy(buildPolicy({ policyDetail: { policyStatus: 'CANCELLED' } }));
    const cancelled = renderApp('/flex/policy/pol_1/uploads/ncb-proof', {
      authState: signedInAuthState,
    });
    await waitFor(() =>
      expect(cancelled.router.state.location.pathname).toBe('/flex/policy/pol_1'),
    );
  }, 20_000);

  it('reads the notices beside the policy, before it answers, on a tab page only', async () => {
    const paths: string[] = [];
    let answerPolicy: () => void = () => undefined;
    const policyAnswered = new Promise<void>((resolve) => (answerPolicy = resolve));
    stubApi(async (url) => {
      const path = url.replace(/^.*\/api/, '');
      paths.push(path);
      if (path === '/policies/pol_1') {
        await policyAnswered;
        return jsonResponse(200, buildPolicy());
      }
      if (path === '/policies/pol_1/mid') {
        return jsonResponse(200, { status: 'ON_MID', registration: null, confirmedAt: null });
      }
      // The saved changes (none) and anything else the page reads.
      return jsonResponse(200, []);
    });
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    await waitFor(() =>
      expect(paths).toEqual(
        expect.arrayContaining([
          '/policies/pol_1',
          '/policies/pol_1/saved-changes',
          '/policies/pol_1/mid',
        ]),
      ),
    );
    answerPolicy();
    expect(
      await screen.findByRole('region', { name: 'Your car is on the Motor Insurance Database' }),
    ).toBeInTheDocument();
  });

  it('does not read the notices on a page that shows neither (an upload)', async () => {
    const paths: string[] = [];
    stubApi((url) => {
      const path = url.replace(/^.*\/api/, '');
      paths.push(path);
      return path === '/policies/pol_1' ? jsonResponse(200, buildPolicy()) : jsonResponse(200, []);
    });
    const view = renderApp('/flex/policy/pol_1/uploads/ncb-proof', {
      authState: signedInAuthState,
    });
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(view.router.state.location.pathname).toBe('/flex/policy/pol_1/uploads/ncb-proof');
    expect(paths).not.toContain('/policies/pol_1/mid');
    expect(paths).not.toContain('/policies/pol_1/saved-changes');
  });
});
