import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAuthState } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { renderApp } from '../../test/render-app';
import { buildAdjustment, postsTo, staffAuthState, stubChangesApi } from './test-kit';

// The review and result pages (spec 3 §4 "Adjustment flow" items 2-6, 9, 11; §8 "Confirm
// adjustment fails", "Stale confirmation", "Adjustment error page"; §9 card payment only for
// amountDue > 0 on SINGLE_PAYMENT).

const ROOT = '/flex/policy/pol_1';
const REVIEW = `${ROOT}/excess/adjustment/adj_1`;
const RESULT = `${REVIEW}/result`;

const referred = () => {
  const version = buildPolicy().currentPolicyVersion;
  return {
    ...version,
    quote: {
      ...version.quote,
      ratingStatus: 'REFERRAL' as const,
      referralReasons: [{ message: 'Car value too high' }],
    },
  };
};

describe('adjustment review', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('summarises an allowed change: old and new premium and a debit', async () => {
    stubChangesApi({ adjustment: buildAdjustment({ amountDue: 1234 }) });
    renderApp(REVIEW, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Check your change' });
    const summary = screen.getByRole('region', { name: 'Your new price' });
    expect(within(summary).getByText('£1,019.33')).toBeInTheDocument();
    expect(within(summary).getByText('£1,039.33')).toBeInTheDocument();
    expect(within(summary).getByText('To pay')).toBeInTheDocument();
    expect(
      within(summary).getByText("You'll pay £12.34 by card to confirm this change."),
    ).toBeVisible();
  });

  it('says an expired change expired before the customer clicks (issue 31 item 12)', async () => {
    stubChangesApi({
      adjustment: buildAdjustment({ expiresAt: new Date(Date.now() - 60_000).toISOString() }),
    });
    renderApp(REVIEW, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Unable to confirm your changes' });
    expect(
      screen.getByText(
        'This change waited too long to be confirmed, so it has expired and nothing has changed on your policy. Please start again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirm|Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/flex/policy/pol_1/excess',
    );
  });

  it('tells what moved the price: the answer changed and the tax, nothing else (issue 35 item 2)', async () => {
    const policy = buildPolicy();
    const factors = [
      { name: 'insuranceGroup', value: 30, factor: 1.2 },
      { name: 'voluntaryExcess', value: 0, factor: 1 },
    ];
    const traced = (voluntaryFactor: number, taxAmount: number, totalPremium: number) => ({
      ...policy.currentPolicyVersion,
      quote: {
        ...policy.currentPolicyVersion.quote,
        taxAmount,
        totalPremium,
        priceTrace: {
          tableVersion: 'bmw-2026-01',
          basePremiumPence: 80_000,
          minimumPremiumPence: 30_000,
          factors: factors.map((factor) =>
            factor.name === 'voluntaryExcess'
              ? { ...factor, value: voluntaryFactor === 1 ? 0 : 20_000, factor: voluntaryFactor }
              : factor,
          ),
          optionalCovers: [],
        },
      },
    });
    // 80,000 × 1.2 = 96,000 + 11,520 IPT; with a £200 voluntary excess × 0.9: 86,400 + 10,368.
    const before = traced(1, 11_520, 107_520);
    stubChangesApi({
      policy: { ...policy, currentPolicyVersion: before, policyVersions: [before] },
      adjustment: buildAdjustment({ updatedPolicyVersions: [traced(0.9, 10_368, 96_768)] }),
    });
    renderApp(REVIEW, { authState: signedInAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'What moved your price' }));
    const lines = screen
      .getAllByRole('term')
      .filter((term) => term.closest('.price-explanation__lines'))
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Voluntary excess (£200.00): −£96.00',
      'Insurance Premium Tax: −£11.52',
      'Change to your price for a year: −£107.52',
    ]);
  });

  it('offers a change still within its window to confirm', async () => {
    stubChangesApi({
      adjustment: buildAdjustment({ expiresAt: new Date(Date.now() + 600_000).toISOString() }),
    });
    renderApp(REVIEW, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Check your change' });
  });

  it('shows a negative amount as a credit', async () => {
    stubChangesApi({ adjustment: buildAdjustment({ amountDue: -500 }) });
    renderApp(REVIEW, { authState: signedInAuthState });
    expect(await screen.findByText("We'll refund £5.00 to you.")).toBeInTheDocument();
    expect(screen.getByText('To refund')).toBeInTheDocument();
  });

  it('shows a monthly instalment change joining the next bill', async () => {
    stubChangesApi({
      adjustment: buildAdjustment({
        paymentScheduleType: 'MONTHLY',
        instalmentBefore: 8495,
        instalmentAfter: 8661,
        amountDue: 166,
      }),
    });
    renderApp(REVIEW, { authState: signedInAuthState });
    expect(
      await screen.findByText('The difference of £1.66 will be added to your next monthly bill.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Monthly payment')).toBeInTheDocument();
    expect(screen.getByText('£86.61')).toBeInTheDocument();
    // The policy's price of a monthly policy is a year's, and says so.
    expect(screen.getByText('Price for a year')).toBeInTheDocument();
    expect(screen.queryByText('Policy price')).toBeNull();
  });

  it('says when the change takes effect: the inception staff backdated it to, or a later date', async () => {
    stubChangesApi({
      adjustment: buildAdjustment({ effectiveAt: '2026-03-12T10:00:00.000Z' }),
    });
    const backdated = renderApp(REVIEW, { authState: signedInAuthState });
    const summary = await screen.findByRole('region', { name: 'Your new price' });
    expect(within(summary).getByText('Takes effect').nextSibling).toHaveTextContent(
      'Backdated to 12 Mar 2026',
    );
    expect(within(summary).queryByText('Immediately')).toBeNull();
    backdated.unmount();
    stubChangesApi({ adjustment: buildAdjustment({ effectiveAt: '2099-03-05T00:00:00.000Z' }) });
    renderApp(REVIEW, { authState: staffAuthState });
    expect(await screen.findByText('From 05 Mar 2099')).toBeInTheDocument();
  });

  it('keeps a referral confirm disabled until the cancellation agreement is ticked', async () => {
    stubChangesApi({ adjustment: buildAdjustment({ updatedPolicyVersions: [referred()] }) });
    renderApp(REVIEW, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: "We can't cover this change" });
    expect(
      screen.getByText('If you confirm this change, your policy will be cancelled immediately.'),
    ).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm and cancel my policy' });
    expect(confirm).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /cancellation agreement/ }));
    expect(confirm).toBeEnabled();
  });

  it('confirms a referral with the agreement and shows the cancellation it became', async () => {
    const calls = stubChangesApi({
      adjustment: buildAdjustment({ updatedPolicyVersions: [referred()] }),
      answers: {
        'POST /policyAdjustments/adj_1/commit': {
          status: 200,
          body: buildAdjustment({
            adjustmentType: 'CAN',
            confirmed: true,
            amountDue: -4520,
            updatedPolicyVersions: [],
          }),
        },
      },
    });
    const { router } = renderApp(REVIEW, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: "We can't cover this change" });
    await userEvent.click(screen.getByRole('checkbox', { name: /cancellation agreement/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and cancel my policy' }));
    await screen.findByRole('heading', { level: 1, name: 'Your policy is cancelled' });
    expect(router.state.location.pathname).toBe(`${ROOT}/cancellation-confirmation`);
    expect(
      screen.getByText("We'll refund £45.20 to you. Refunds take 7 to 10 working days."),
    ).toBeInTheDocument();
    expect(postsTo(calls, '/policyAdjustments/adj_1/commit')).toEqual([
      {
        method: 'POST',
        path: '/policyAdjustments/adj_1/commit',
        body: { cancellationAgreed: true },
      },
    ]);
  });

  it('shows the invalid-state page with a chat action', async () => {
    stubChangesApi({ adjustment: buildAdjustment({ updatedPolicyVersions: [] }) });
    renderApp(REVIEW, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: "We can't make this change online" });
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
  });

  it('sends a confirmed adjustment to its result, and a missing one to the parent page', async () => {
    stubChangesApi({ adjustment: buildAdjustment({ confirmed: true }) });
    const first = renderApp(REVIEW, { authState: signedInAuthState });
    await waitFor(() => expect(first.router.state.location.pathname).toBe(RESULT));
    first.unmount();

    stubChangesApi({ adjustment: null });
    const second = renderApp(REVIEW, { authState: signedInAuthState });
    await waitFor(() => expect(second.router.state.location.pathname).toBe(`${ROOT}/excess`));
  });

  it('sends a customer to card checkout when payment is required', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const calls = stubChangesApi({
      adjustment: buildAdjustment({ paymentRequired: true }),
      answers: {
        'POST /stripe/checkout/mta/adj_1': {
          status: 200,
          body: { sessionId: 'cs_1', url: 'https://pay.example/cs_1', amountPence: 1234 },
        },
      },
    });
    renderApp(REVIEW, { authState: signedInAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay and confirm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(postsTo(calls, '/stripe/checkout/mta/adj_1')[0]?.body).toEqual({
      saveCard: false,
      successPath: RESULT,
      cancelPath: REVIEW,
    });
    expect(postsTo(calls, '/policyAdjustments/adj_1/commit')).toHaveLength(0);
  });

  it('gives staff the phone-payment form, date of birth not pre-filled', async () => {
    const calls = stubChangesApi({
      adjustment: buildAdjustment({ paymentRequired: true }),
      answers: {
        'POST /stripe/moto/checkout/mta/adj_1': {
          status: 200,
          body: { status: 'SUCCEEDED', providerPaymentId: 'pi_1', amountPence: 1234 },
        },
      },
    });
    const { router } = renderApp(REVIEW, { authState: staffAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay and confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment by phone' });
    const dateOfBirth = within(dialog).getByLabelText(/Policyholder's date of birth/);
    expect(dateOfBirth).toHaveValue('');
    const submit = within(dialog).getByRole('button', { name: 'Take payment and confirm' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Card token'), 'tok_visa');
    await userEvent.type(within(dialog).getByLabelText("Cardholder's postcode"), 'sw1a 2aa');
    await userEvent.type(dateOfBirth, '1985-06-15');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(RESULT));
    expect(postsTo(calls, '/stripe/moto/checkout/mta/adj_1')[0]?.body).toEqual({
      saveCard: false,
      token: 'tok_visa',
      postalCode: 'SW1A 2AA',
      dateOfBirth: '1985-06-15',
    });
  });

  it('commits, reloads the policy and shows the result', async () => {
    const calls = stubChangesApi({ adjustment: buildAdjustment({ amountDue: 0 }) });
    const { router } = renderApp(REVIEW, { authState: signedInAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(RESULT));
    // With a JSON body: the API refuses a JSON request without one (400).
    expect(postsTo(calls, '/policyAdjustments/adj_1/commit')).toEqual([
      { method: 'POST', path: '/policyAdjustments/adj_1/commit', body: {} },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Your policy has been changed' });
    const policyReads = calls.filter((call) => call.path === '/policies/pol_1');
    expect(policyReads.length).toBeGreaterThan(1);
  });

  it('says "Unable to confirm your changes" on a 409', async () => {
    const calls = stubChangesApi({
      answers: {
        'POST /policyAdjustments/adj_1/commit': {
          status: 409,
          body: { error: { code: 'CONFLICT', message: 'Adjustment expired' } },
        },
      },
    });
    const { router } = renderApp(REVIEW, { authState: signedInAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unable to confirm your changes' });
    const readsBefore = calls.filter((call) => call.path === '/policies/pol_1').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ROOT}/excess`));
    // The policy may have changed meanwhile (confirmed in another tab): the page starts again
    // from the policy read again, not from what this tab read before.
    const readsAfter = calls.filter((call) => call.path === '/policies/pol_1').length;
    expect(readsAfter).toBeGreaterThan(readsBefore);
  });

  it('shows the error-gone modal when confirming fails', async () => {
    stubChangesApi({
      answers: { 'POST /policyAdjustments/adj_1/commit': { status: 500, body: {} } },
    });
    renderApp(REVIEW, { authState: signedInAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});

describe('adjustment result', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says immediately for a change effective now, and asks a customer for feedback', async () => {
    const calls = stubChangesApi({
      adjustment: buildAdjustment({ confirmed: true, effectiveAt: new Date().toISOString() }),
      answers: { 'POST /insights/feedback': { status: 201, body: { accepted: true } } },
    });
    renderApp(RESULT, { authState: signedInAuthState });
    expect(
      await screen.findByText('Your change has been made and applies immediately.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '8 out of 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(postsTo(calls, '/insights/feedback')[0]?.body).toEqual({
      type: 'adjustment',
      policyId: 'pol_1',
      rating: 8,
      tags: { adjustmentId: 'adj_1' },
    });
  });

  it('gives a later date as dd MMM yyyy, and never asks staff for feedback', async () => {
    stubChangesApi({
      adjustment: buildAdjustment({ confirmed: true, effectiveAt: '2099-03-05T00:00:00.000Z' }),
    });
    renderApp(RESULT, { authState: staffAuthState });
    expect(
      await screen.findByText('Your change has been made and applies from 05 Mar 2099.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'How did we do?' })).toBeNull();
  });

  it('says a change staff backdated is backdated, not immediate', async () => {
    stubChangesApi({
      adjustment: buildAdjustment({ confirmed: true, effectiveAt: '2026-03-12T10:00:00.000Z' }),
    });
    renderApp(RESULT, { authState: staffAuthState });
    expect(
      await screen.findByText('Your change has been made and is backdated to 12 Mar 2026.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your change has been made and applies immediately.')).toBeNull();
  });

  it.each([
    [
      true,
      "Something went wrong and your change hasn't been made. Please chat with us and we'll help.",
    ],
    [
      false,
      "We couldn't verify the details of your change, so it hasn't been made. Please chat with us and we'll help.",
    ],
  ])('shows the error page (verificationClear %s) with a chat action', async (clear, text) => {
    stubChangesApi({ adjustment: buildAdjustment({ confirmed: false, verificationClear: clear }) });
    renderApp(RESULT, { authState: signedInAuthState });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
  });
});
