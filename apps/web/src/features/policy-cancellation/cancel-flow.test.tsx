import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CancellationOptionsResponse, PolicyAdjustmentResponse } from '@motor/contract';
import { listDeferredCancellationDates, startOfLondonDate } from '@motor/domain';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { renderApp } from '../../test/render-app';

// The cancel flow (spec 3 §2 "Cancel flow", §4 "Cancellation", §5 "Cancellation form", §8):
// the form by kind, the confirm step that creates and commits the CAN adjustment, the refund, the
// stale and failed confirmations, and the cancel button on the details tab.

const FORM = '/flex/policy/pol_1/cancel';
const ROOT = '/flex/policy/pol_1';
// Offered days as the API would list them now (tomorrow first, London dates).
const DEFERRED = listDeferredCancellationDates({
  policyStatus: 'ACTIVE',
  expiredAt: '2099-01-01T00:00:00Z',
  daysToDefer: 3,
  now: new Date(),
});

const standard: CancellationOptionsResponse = {
  allowed: true,
  kind: 'Standard',
  deferredDates: DEFERRED,
  reasons: ['SoldNR', 'SoldMake', 'Price', 'Service', 'NotSuitable', 'Other'],
  coolingOffEndsAt: null,
};
const coolingOff: CancellationOptionsResponse = {
  allowed: true,
  kind: 'CoolingOff',
  deferredDates: [],
  reasons: ['Price', 'Other'],
  coolingOffEndsAt: '2026-12-07T09:00:00.000Z',
};

function buildAdjustment(change: Partial<PolicyAdjustmentResponse> = {}): PolicyAdjustmentResponse {
  return {
    adjustmentId: 'adj_1',
    policyId: 'pol_1',
    adjustmentType: 'CAN',
    changes: [],
    effectiveAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    confirmed: false,
    amountDue: -4520,
    prorataPremium: 0,
    availableBalance: 0,
    updatedPolicyVersions: [],
    reason: null,
    confirmedAt: null,
    paymentScheduleType: 'MONTHLY',
    premiumBefore: 60000,
    premiumAfter: 0,
    instalmentBefore: 5000,
    instalmentAfter: null,
    paymentRequired: false,
    cancellationKind: 'Standard',
    savedAt: null,
    ...change,
  };
}

function stubCancellation({
  options = standard,
  adjustment = buildAdjustment(),
  commitStatus = 200,
}: {
  options?: CancellationOptionsResponse;
  adjustment?: PolicyAdjustmentResponse;
  commitStatus?: number;
} = {}) {
  const created: Record<string, unknown>[] = [];
  const commits: string[] = [];
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    if (path === '/policies/pol_1/cancellation') return jsonResponse(200, options);
    if (path === '/policies/pol_1') return jsonResponse(200, buildPolicy());
    if (path === '/policyAdjustments' && init?.method === 'POST') {
      created.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return jsonResponse(201, adjustment);
    }
    if (path === '/policyAdjustments/adj_1/commit') {
      // What was sent: the API refuses a JSON request without a body (400).
      commits.push(String(init?.body));
      return jsonResponse(commitStatus, { ...adjustment, confirmed: true });
    }
    if (path.startsWith('/customerAccounts') || path.startsWith('/claims')) {
      return jsonResponse(200, []);
    }
    return jsonResponse(404, {});
  });
  return { created, commits };
}

const dateLabel = (date: string) =>
  `At the start of ${new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(startOfLondonDate(date))}`;

async function openForm() {
  const user = userEvent.setup();
  const view = renderApp(FORM, { authState: signedInAuthState });
  await screen.findByRole('heading', { level: 1, name: 'Cancel your policy' });
  return { user, view };
}

describe('cancel flow', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('cooling-off kind: says so with its end date, cancels immediately with the reason', async () => {
    const { created } = stubCancellation({ options: coolingOff });
    const { user } = await openForm();
    const notice = screen.getByRole('region', { name: "You're in your cooling-off period" });
    expect(notice).toHaveTextContent(
      "Your cooling-off period ends on 07 Dec 2026. If you cancel now, your cover stops straight away and you'll get back everything you've paid.",
    );
    expect(screen.queryByRole('group', { name: 'When should your cover stop?' })).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Why are you cancelling?' })).getAllByRole('radio'),
    ).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'The price' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your cancellation' });
    await waitFor(() =>
      expect(created).toEqual([
        { policyId: 'pol_1', adjustmentType: 'CAN', changes: [], reason: 'Price' },
      ]),
    );
  });

  it('standard kind: Immediately and the deferred dates; the chosen day is sent as effectiveAt', async () => {
    const [, second = ''] = DEFERRED;
    const effectiveAt = startOfLondonDate(second).toISOString();
    const { created } = stubCancellation({ adjustment: buildAdjustment({ effectiveAt }) });
    const { user } = await openForm();
    const when = screen.getByRole('group', { name: 'When should your cover stop?' });
    expect(
      within(when)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')?.textContent),
    ).toEqual(['Immediately', ...DEFERRED.map(dateLabel)]);
    await user.click(screen.getByRole('radio', { name: dateLabel(second) }));
    await user.click(
      screen.getByRole('radio', { name: "I've sold my car and I'm not replacing it" }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(created).toEqual([
        { policyId: 'pol_1', adjustmentType: 'CAN', changes: [], effectiveAt, reason: 'SoldNR' },
      ]),
    );
    expect(await screen.findByText(dateLabel(second))).toBeInTheDocument();
  });

  it('a Driveaway (free) promises no refund, and its details page offers no no-claims upload', async () => {
    stubApi((url) => {
      const path = url.replace(/^.*\/api/, '');
      if (path === '/policies/pol_1/cancellation') return jsonResponse(200, standard);
      if (path === '/policies/pol_1') {
        return jsonResponse(200, buildPolicy({ schemeCode: 'bmw-driveaway' }));
      }
      if (path.startsWith('/customerAccounts') || path.startsWith('/claims')) {
        return jsonResponse(200, []);
      }
      return jsonResponse(404, {});
    });
    const view = renderApp('/driveaway/policy/pol_1/cancel', { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'Cancel your policy' });
    expect(
      screen.getByText(
        'You can cancel straight away or choose a day for your cover to stop. Your cover is free, so there is nothing to pay or refund.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/refund the time/)).toBeNull();
    view.unmount();
    renderApp('/driveaway/policy/pol_1', { authState: signedInAuthState });
    await screen.findByRole('link', { name: 'Cancel your policy' });
    expect(screen.queryByRole('heading', { name: 'Send us a document' })).toBeNull();
  });

  it('needs when and a reason before Continue; Other needs details, sent as Other|details', async () => {
    const { created } = stubCancellation();
    const { user } = await openForm();
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Immediately' }));
    expect(submit).toBeDisabled();
    // Leaving the reasons without choosing one shows the error, linked to the group.
    await user.click(screen.getByRole('radio', { name: 'The price' }));
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    expect(submit).toBeDisabled();
    const details = screen.getByRole('textbox', { name: 'Tell us more' });
    await user.click(details);
    await user.tab();
    expect(details).toHaveAccessibleDescription(/Tell us why you're cancelling/);
    expect(details).toHaveAttribute('aria-invalid', 'true');
    await user.type(details, 'Moving abroad');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() =>
      expect(created).toEqual([
        { policyId: 'pol_1', adjustmentType: 'CAN', changes: [], reason: 'Other|Moving abroad' },
      ]),
    );
  });

  it('shows "Choose a reason" linked to the reasons once they are left unchosen', async () => {
    stubCancellation();
    const { user } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Immediately' }));
    // Tab into the reasons and straight out again.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(
      screen.getByRole('group', { name: 'Why are you cancelling?' }),
    ).toHaveAccessibleDescription(/Choose a reason/);
  });

  it('sends the policy page a visitor whose policy may not be cancelled, and unknown sub-paths', async () => {
    stubCancellation({ options: { ...standard, allowed: false } });
    const refused = renderApp(FORM, { authState: signedInAuthState });
    await waitFor(() => expect(refused.router.state.location.pathname).toBe(ROOT));
    refused.unmount();

    stubCancellation();
    const unknown = renderApp(`${FORM}/elsewhere`, { authState: signedInAuthState });
    await waitFor(() => expect(unknown.router.state.location.pathname).toBe(ROOT));
  });

  it('sends confirm opened without the form answers back to the form', async () => {
    const { created } = stubCancellation();
    const view = renderApp(`${FORM}/confirm`, { authState: signedInAuthState });
    await waitFor(() => expect(view.router.state.location.pathname).toBe(FORM));
    expect(created).toEqual([]);
  });

  it('shows the refund as a credit, commits once and shows the confirmation', async () => {
    const { commits } = stubCancellation();
    const { user, view } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Immediately' }));
    await user.click(screen.getByRole('radio', { name: 'The price' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText("You'll get a refund of £45.20")).toBeInTheDocument();
    expect(screen.getByText('Immediately')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel my policy' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your policy is cancelled' }),
    ).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe(`${ROOT}/cancellation-confirmation`);
    expect(
      screen.getByText("We'll refund £45.20 to you. Refunds take 7 to 10 working days."),
    ).toBeInTheDocument();
    expect(commits).toEqual(['{}']);
  });

  it('does not commit an adjustment the API already confirmed', async () => {
    const { commits } = stubCancellation({
      adjustment: buildAdjustment({ confirmed: true, amountDue: 0 }),
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Immediately' }));
    await user.click(screen.getByRole('radio', { name: 'The price' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText("There's nothing to refund")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel my policy' }));
    await screen.findByRole('heading', { level: 1, name: 'Your policy is cancelled' });
    expect(commits).toEqual([]);
  });

  it('says "Unable to confirm your changes" on a 409, and opens the error-gone modal on a failure', async () => {
    stubCancellation({ commitStatus: 409 });
    const { user, view } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Immediately' }));
    await user.click(screen.getByRole('radio', { name: 'The price' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel my policy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to confirm your changes');
    expect(screen.queryByRole('button', { name: 'Cancel my policy' })).toBeNull();
    view.unmount();

    stubCancellation({ commitStatus: 500 });
    const again = await openForm();
    await again.user.click(screen.getByRole('radio', { name: 'Immediately' }));
    await again.user.click(screen.getByRole('radio', { name: 'The price' }));
    await again.user.click(screen.getByRole('button', { name: 'Continue' }));
    await again.user.click(await screen.findByRole('button', { name: 'Cancel my policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(dialog).toHaveTextContent("We couldn't cancel your policy.");
    expect(again.view.router.state.location.pathname).toBe(`${FORM}/confirm`);
  }, 20_000);

  it('offers the cancel button on the details tab only when cancelling is allowed', async () => {
    stubCancellation();
    const user = userEvent.setup();
    const view = renderApp(ROOT, { authState: signedInAuthState });
    await user.click(await screen.findByRole('link', { name: 'Cancel your policy' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(FORM));
    view.unmount();

    stubCancellation({ options: { ...standard, allowed: false } });
    renderApp(ROOT, { authState: signedInAuthState });
    const sidebar = await screen.findByRole('region', { name: 'Cancelling your policy' });
    expect(sidebar).toHaveTextContent("To cancel, chat with us and we'll help.");
    expect(within(sidebar).getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cancel your policy' })).toBeNull();
  });

  it('shows a deferred cancellation on the details tab, and no cancel button', async () => {
    const terminatedAt = startOfLondonDate(DEFERRED[0] ?? '').toISOString();
    const policy = buildPolicy({ policyDetail: { terminatedAt } });
    stubApi((url) => {
      const path = url.replace(/^.*\/api/, '');
      if (path === '/policies/pol_1') return jsonResponse(200, policy);
      if (path === '/policies/pol_1/cancellation') return jsonResponse(200, standard);
      return jsonResponse(404, {});
    });
    renderApp(ROOT, { authState: signedInAuthState });
    const notice = await screen.findByRole('region', { name: 'Your policy will be cancelled' });
    expect(notice).toHaveTextContent(
      `Your policy will be cancelled on ${dateLabel(DEFERRED[0] ?? '').replace('At the start of ', '')}.`,
    );
    expect(screen.queryByRole('link', { name: 'Cancel your policy' })).toBeNull();
  });
});
