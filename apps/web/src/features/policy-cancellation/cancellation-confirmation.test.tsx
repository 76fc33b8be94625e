import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type { AuthState } from '../../lib/auth';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { TestApp, renderApp } from '../../test/render-app';
import {
  CancellationFeedbackModal,
  FEEDBACK_DELAY_MS,
  feedbackAskedKey,
} from './cancellation-feedback-modal';

// The cancellation confirmation (spec 3 §2, §9) and its feedback modal (spec 3 §4 "Feedback
// modal", §5 "Feedback", §9: 2 seconds, once, not for admins, 1–10 in five columns).

const PAGE = '/flex/policy/pol_1/cancellation-confirmation';

function stubFeedback() {
  const sent: unknown[] = [];
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    if (path === '/insights/feedback') {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse(202, { accepted: true });
    }
    return jsonResponse(404, {});
  });
  return sent;
}

function renderModal(authState: AuthState = signedInAuthState) {
  const router = createMemoryRouter(
    [{ path: '/', element: <CancellationFeedbackModal policyId="pol_1" /> }],
    { initialEntries: ['/'] },
  );
  return render(<TestApp router={router} authState={authState} />);
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('feedback modal', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens 2 seconds after the page loads, with ten ratings in five columns', async () => {
    stubFeedback();
    renderModal();
    await wait(FEEDBACK_DELAY_MS - 1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await wait(1);
    const dialog = screen.getByRole('dialog', { name: 'How did we do?' });
    const ratings = within(dialog).getAllByRole('radio');
    expect(ratings.map((radio) => radio.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    const rows = dialog.querySelectorAll('.feedback-modal__row');
    expect([...rows].map((row) => row.querySelectorAll('input').length)).toEqual([5, 5]);
  });

  it('asks once per cancellation: not again after a reload of the page', async () => {
    stubFeedback();
    const first = renderModal();
    await wait(FEEDBACK_DELAY_MS);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(feedbackAskedKey('pol_1'))).not.toBeNull();
    first.unmount();
    renderModal();
    await wait(FEEDBACK_DELAY_MS * 2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never asks staff', async () => {
    stubFeedback();
    renderModal({ ...signedInAuthState, isAdmin: true });
    await wait(FEEDBACK_DELAY_MS * 2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('needs a rating, does not send on Enter in the comment, then posts and thanks', async () => {
    const sent = stubFeedback();
    renderModal();
    await wait(FEEDBACK_DELAY_MS);
    // The delay is pinned; the answers are given in real time.
    vi.useRealTimers();
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'How did we do?' });
    const submit = within(dialog).getByRole('button', { name: 'Send feedback' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '8 out of 10' }));
    expect(submit).toBeEnabled();
    const comment = within(dialog).getByRole('textbox', {
      name: "Anything you'd like to tell us?",
    });
    await user.type(comment, 'Quick{Enter}and easy');
    expect(sent).toEqual([]);
    await user.click(submit);
    // Every score shows the confirmation: no brand configures a Trustpilot action.
    expect(await screen.findByRole('dialog', { name: 'Thank you' })).toHaveTextContent(
      'Thank you for your feedback. It helps us improve.',
    );
    expect(sent).toEqual([
      { type: 'cancellation', policyId: 'pol_1', rating: 8, comment: 'Quick\nand easy' },
    ]);
  });
});

describe('cancellation confirmation page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reopened later, says when a deferred cancellation takes effect', async () => {
    const terminatedAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const policy = buildPolicy({ policyDetail: { terminatedAt } });
    stubApi((url) =>
      url.endsWith('/policies/pol_1') ? jsonResponse(200, policy) : jsonResponse(404, {}),
    );
    renderApp(PAGE, { authState: signedInAuthState });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your policy will be cancelled' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Your policy will be cancelled on \d{2} \w{3} \d{4}\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('sends a policy with no cancellation back to the policy page', async () => {
    stubApi((url) =>
      url.endsWith('/policies/pol_1') ? jsonResponse(200, buildPolicy()) : jsonResponse(404, {}),
    );
    const view = renderApp(PAGE, { authState: signedInAuthState });
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/flex/policy/pol_1'));
  });
});
