import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAuthState } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { findOfferedDays } from '../../test/day-picker';
import { renderApp } from '../../test/render-app';
import { buildPolicyWithDrivers, postsTo, staffAuthState, stubChangesApi } from './test-kit';

// The change pages (spec 3 §2 "Management", "Excess and add-ons"; §4 items 1, 8, 10; §5
// "Additional profiles", "Dynamic forms" read-only; §6).

const ROOT = '/flex/policy/pol_1';

describe('policy change pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the product management sections', async () => {
    stubChangesApi({});
    renderApp(`${ROOT}/management`, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Change your policy' });
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(
      expect.arrayContaining([
        `${ROOT}/management/section/vehicle`,
        `${ROOT}/management/section/policyholder`,
        `${ROOT}/management/section/additionalDrivers`,
        `${ROOT}/add-ons`,
        `${ROOT}/excess`,
        `${ROOT}/management/section/promotion`,
      ]),
    );
  });

  it('offers Driveaway no promotion: a free cover has no monthly payment to take it off', async () => {
    const root = '/driveaway/policy/pol_1';
    stubChangesApi({ policy: buildPolicy({ schemeCode: 'bmw-driveaway' }) });
    renderApp(`${root}/management`, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Change your policy' });
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toContain(`${root}/management/section/vehicle`);
    expect(links).not.toContain(`${root}/management/section/promotion`);
    expect(screen.queryByRole('link', { name: /promotion/i })).toBeNull();
  });

  describe('the promotion section', () => {
    const PAGE = `${ROOT}/management/section/promotion`;

    it('asks for the code before sending, then prices it and goes to the review', async () => {
      const calls = stubChangesApi({});
      const { router } = renderApp(PAGE, { authState: signedInAuthState });
      await screen.findByRole('heading', { level: 1, name: 'Promotion code' });
      await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
      const input = screen.getByRole('textbox', { name: /Promotion code/ });
      expect(input).toHaveAccessibleDescription(/Enter your promotion code/);
      expect(postsTo(calls, '/policyAdjustments')).toEqual([]);
      await userEvent.type(input, 'flexwelcome');
      expect(input).toHaveValue('FLEXWELCOME');
      await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/adjustment/adj_1`));
      expect(postsTo(calls, '/policyAdjustments')[0]?.body).toEqual({
        policyId: 'pol_1',
        adjustmentType: 'MTA',
        changes: [],
        promotionActivationCode: 'FLEXWELCOME',
      });
    });

    it('shows the server’s refusal at the code, linked to it, and stays', async () => {
      stubChangesApi({
        answers: {
          'POST /policyAdjustments': {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Some answers need checking.',
                details: {
                  fields: [
                    {
                      in: 'body',
                      path: 'promotionActivationCode',
                      message: 'That promotion code is not right.',
                    },
                  ],
                },
              },
            },
          },
        },
      });
      const { router } = renderApp(PAGE, { authState: signedInAuthState });
      const input = await screen.findByRole('textbox', { name: /Promotion code/ });
      await userEvent.type(input, 'WRONG1');
      await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
      await waitFor(() =>
        expect(input).toHaveAccessibleDescription(/That promotion code is not right\./),
      );
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(router.state.location.pathname).toBe(PAGE);
    });

    it('says a policy with a promotion already has one, and offers no form', async () => {
      const policy = buildPolicy();
      policy.currentPolicyVersion.quote.promoCode = 'flex-welcome';
      stubChangesApi({ policy });
      renderApp(PAGE, { authState: signedInAuthState });
      expect(await screen.findByText('Your policy has a promotion')).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).toBeNull();
    });
  });

  it('shows the remaining driver count and offers to add while below the maximum', async () => {
    stubChangesApi({ policy: buildPolicyWithDrivers(1) });
    renderApp(`${ROOT}/management/section/additionalDrivers`, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Additional drivers' });
    expect(screen.getByText('You can add 3 more drivers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a driver' })).toHaveAttribute(
      'href',
      `${ROOT}/management/section/additionalDrivers/profile`,
    );
  });

  it('offers no add at the maximum, and a new-driver address goes back to the list', async () => {
    stubChangesApi({ policy: buildPolicyWithDrivers(4) });
    const { router } = renderApp(`${ROOT}/management/section/additionalDrivers/profile`, {
      authState: signedInAuthState,
    });
    await screen.findByText("You can't add any more drivers to this policy.");
    expect(router.state.location.pathname).toBe(`${ROOT}/management/section/additionalDrivers`);
    expect(screen.queryByRole('link', { name: 'Add a driver' })).toBeNull();
  });

  it('removes a driver with REMOVE_PROFILE and goes to the review', async () => {
    const calls = stubChangesApi({ policy: buildPolicyWithDrivers(1) });
    const { router } = renderApp(`${ROOT}/management/section/additionalDrivers`, {
      authState: signedInAuthState,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Driver1 Smith' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `${ROOT}/management/section/additionalDrivers/adjustment/adj_1`,
      ),
    );
    expect(postsTo(calls, '/policyAdjustments')[0]?.body).toEqual({
      policyId: 'pol_1',
      adjustmentType: 'MTA',
      changes: [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }],
    });
  });

  it('shows a customer the name as read-only with an info modal', async () => {
    stubChangesApi({});
    renderApp(`${ROOT}/management/section/policyholder`, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'About you' });
    expect(screen.getByDisplayValue('Jane')).toBeDisabled();
    await userEvent.click(screen.getAllByRole('button', { name: "Why can't I change this?" })[0]!);
    const dialog = await screen.findByRole('dialog', { name: "This can't be changed online" });
    expect(
      within(dialog).getByText("To change this, please chat with us and we'll help."),
    ).toBeVisible();
  });

  it('lets staff edit the name', async () => {
    stubChangesApi({});
    renderApp(`${ROOT}/management/section/policyholder`, { authState: staffAuthState });
    await screen.findByRole('heading', { level: 1, name: 'About you' });
    expect(screen.getByDisplayValue('Jane')).toBeEnabled();
  });

  it('sends nothing when the excess is unchanged, and only the new excess when it is', async () => {
    const calls = stubChangesApi({});
    const { router } = renderApp(`${ROOT}/excess`, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Voluntary excess' });
    await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
    expect(await screen.findByText('Nothing has changed')).toBeInTheDocument();
    expect(postsTo(calls, '/policyAdjustments')).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: '£200' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${ROOT}/excess/adjustment/adj_1`),
    );
    expect(postsTo(calls, '/policyAdjustments')[0]?.body).toEqual({
      policyId: 'pol_1',
      adjustmentType: 'MTA',
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
    });
  });

  it('sends only the add-on that changed as REQUEST_COVER_OPTION', async () => {
    const calls = stubChangesApi({});
    renderApp(`${ROOT}/add-ons`, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Add-ons' });
    const boxes = screen.getAllByRole('checkbox');
    await userEvent.click(boxes[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
    await waitFor(() => expect(postsTo(calls, '/policyAdjustments')).toHaveLength(1));
    const body = postsTo(calls, '/policyAdjustments')[0]?.body as { changes: unknown[] };
    expect(body.changes).toEqual([
      { changeType: 'REQUEST_COVER_OPTION', coverCode: expect.any(String), selected: true },
    ]);
  });

  it('asks staff for the effective date first, with messages by rule', async () => {
    const calls = stubChangesApi({});
    renderApp(`${ROOT}/excess`, { authState: staffAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Voluntary excess' });
    await userEvent.click(screen.getByRole('radio', { name: '£100' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'When should this change take effect?',
    });
    expect(postsTo(calls, '/policyAdjustments')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Another date and time' }));
    const field = within(dialog).getByLabelText('Date and time (UK time)');
    await userEvent.type(field, '2026-11-20T10:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText("The date can't be before the policy started on 23 Nov 2026"),
    ).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(
      "The date can't be before the policy started on 23 Nov 2026",
    );

    await userEvent.click(
      within(dialog).getByRole('radio', {
        name: 'Backdate to the start of the policy (23 Nov 2026)',
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(postsTo(calls, '/policyAdjustments')).toHaveLength(1));
    expect(postsTo(calls, '/policyAdjustments')[0]?.body).toMatchObject({
      effectiveAt: '2026-11-23T09:00:00.000Z',
    });
  });

  it('shows staff the deferred confirmation for a policy not yet started', async () => {
    stubChangesApi({ policy: buildPolicy({ policyDetail: { policyStatus: 'PENDING' } }) });
    renderApp(`${ROOT}/excess`, { authState: staffAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Voluntary excess' });
    await userEvent.click(screen.getByRole('radio', { name: '£100' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
    expect(
      await screen.findByText(
        "This policy hasn't started yet, so the change will take effect when it starts on 23 Nov 2026.",
      ),
    ).toBeInTheDocument();
  });

  it('shows the in-renewal modal when the API refuses the change with a renewal 409', async () => {
    stubChangesApi({
      answers: {
        'POST /policyAdjustments': {
          status: 409,
          body: { error: { code: 'POLICY_IN_RENEWAL', message: 'The policy is in renewal' } },
        },
      },
    });
    renderApp(`${ROOT}/excess`, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Voluntary excess' });
    await userEvent.click(screen.getByRole('radio', { name: '£100' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
    expect(
      await screen.findByRole('dialog', { name: 'Your policy is about to renew' }),
    ).toBeInTheDocument();
  });

  it('shows change-not-allowed for a cancelled policy', async () => {
    stubChangesApi({ policy: buildPolicy({ policyDetail: { policyStatus: 'CANCELLED' } }) });
    renderApp(`${ROOT}/management`, { authState: signedInAuthState });
    expect(
      await screen.findByRole('dialog', { name: "This policy can't be changed" }),
    ).toBeInTheDocument();
  });

  it('links the details summary to the change pages', async () => {
    stubChangesApi({});
    renderApp(ROOT, { authState: signedInAuthState });
    expect(await screen.findByRole('link', { name: 'Change your car' })).toHaveAttribute(
      'href',
      `${ROOT}/management/section/vehicle`,
    );
    expect(screen.getByRole('link', { name: 'Change your policy details' })).toHaveAttribute(
      'href',
      `${ROOT}/management`,
    );
    expect(screen.getByRole('link', { name: 'Change your drivers' })).toHaveAttribute(
      'href',
      `${ROOT}/management/section/additionalDrivers`,
    );
    expect(screen.getByRole('link', { name: 'Change your voluntary excess' })).toHaveAttribute(
      'href',
      `${ROOT}/excess`,
    );
    expect(screen.getByRole('link', { name: 'Change your add-ons' })).toHaveAttribute(
      'href',
      `${ROOT}/add-ons`,
    );
    // The start date moves only before cover begins.
    expect(screen.queryByRole('link', { name: 'Change your start date' })).toBeNull();
  });

  // Spec 1 §9, as the quote's start date: the server accepts exactly these days.
  it('offers a new start date as 30 daily options from today (the page’s clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-13T10:30:00.000Z') });
    try {
      stubChangesApi({ policy: buildPolicy({ policyDetail: { policyStatus: 'PENDING' } }) });
      renderApp(`${ROOT}/start-date`, { authState: signedInAuthState });
      const days = await findOfferedDays('New start date');
      expect(days).toHaveLength(30);
      expect(days[0]).toBe('Today, Wednesday 13 January 2027');
      expect(days.at(-1)).toBe('Thursday 11 February 2027');
    } finally {
      vi.useRealTimers();
    }
  });

  it('links the start date of a policy not yet started to the start-date change', async () => {
    stubChangesApi({ policy: buildPolicy({ policyDetail: { policyStatus: 'PENDING' } }) });
    renderApp(ROOT, { authState: signedInAuthState });
    expect(await screen.findByRole('link', { name: 'Change your start date' })).toHaveAttribute(
      'href',
      `${ROOT}/start-date`,
    );
  });
});
