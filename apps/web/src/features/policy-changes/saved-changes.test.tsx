import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResumedSavedChangeResponse, SavedChange } from '@motor/contract';
import { signedInAuthState } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { renderApp } from '../../test/render-app';
import { buildAdjustment, postsTo, stubChangesApi } from './test-kit';

// Issue 35 item 5, "a change quote that keeps": the review page's "Save this change for later",
// the policy page's saved-change notices and the page a saved change is returned to from.

const ROOT = '/flex/policy/pol_1';
const REVIEW = `${ROOT}/excess/adjustment/adj_1`;

const savedChange = (overrides: Partial<SavedChange> = {}): SavedChange => ({
  adjustmentId: 'adj_1',
  policyId: 'pol_1',
  savedAt: '2026-03-20T12:00:00.000Z',
  savedUntil: '2026-04-19T11:00:00.000Z',
  changeTypes: ['ADDITIONAL_PROFILE_CREATE_CHANGE'],
  premium: 103933,
  instalment: 8661,
  ...overrides,
});

const resumed = (overrides: Partial<ResumedSavedChangeResponse> = {}) => ({
  adjustment: buildAdjustment({
    adjustmentId: 'adj_2',
    premiumAfter: 98000,
    savedAt: '2026-03-20T12:00:00.000Z',
  }),
  savedAt: '2026-03-20T12:00:00.000Z',
  savedPremium: 103933,
  savedInstalment: null,
  priceChanged: true,
  ratesChanged: false,
  ...overrides,
});

describe('saved changes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('the review page', () => {
    it('saves an allowed change for later and says until when, in a status message', async () => {
      const calls = stubChangesApi({
        answers: { 'POST /policyAdjustments/adj_1/save': { status: 200, body: savedChange() } },
      });
      renderApp(REVIEW, { authState: signedInAuthState });
      await screen.findByRole('heading', { level: 1, name: 'Check your change' });
      const status = screen.getByRole('status');
      expect(status).toBeEmptyDOMElement();
      await userEvent.click(screen.getByRole('button', { name: 'Save this change for later' }));
      await waitFor(() =>
        expect(status).toHaveTextContent(
          "Saved. We've e-mailed you a link. We'll keep this change for 30 days, until 19 April 2026.",
        ),
      );
      expect(postsTo(calls, '/policyAdjustments/adj_1/save')).toEqual([
        { method: 'POST', path: '/policyAdjustments/adj_1/save', body: {} },
      ]);
      // Saving confirms nothing.
      expect(postsTo(calls, '/policyAdjustments/adj_1/commit')).toEqual([]);
    });

    it("tells the server's reason when the change cannot be saved", async () => {
      stubChangesApi({
        answers: {
          'POST /policyAdjustments/adj_1/save': {
            status: 410,
            body: {
              error: {
                code: 'GONE',
                message: 'The price of this change has expired. Please make the change again.',
                requestId: 'r1',
              },
            },
          },
        },
      });
      renderApp(REVIEW, { authState: signedInAuthState });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Save this change for later' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The price of this change has expired. Please make the change again.',
      );
    });

    it('offers no saving for a referred change', async () => {
      const version = buildPolicy().currentPolicyVersion;
      stubChangesApi({
        adjustment: buildAdjustment({
          updatedPolicyVersions: [
            { ...version, quote: { ...version.quote, ratingStatus: 'REFERRAL' } },
          ],
        }),
      });
      renderApp(REVIEW, { authState: signedInAuthState });
      await screen.findByRole('heading', { level: 1, name: "We can't cover this change" });
      expect(screen.queryByRole('button', { name: 'Save this change for later' })).toBeNull();
    });
  });

  describe('the policy page', () => {
    it('shows a notice for each saved change with the way back to it', async () => {
      stubChangesApi({
        answers: {
          'GET /policies/pol_1/saved-changes': {
            status: 200,
            body: [
              savedChange({ adjustmentId: 'adj_9' }),
              savedChange({
                adjustmentId: 'adj_8',
                changeTypes: ['SELECT_VOLUNTARY_EXCESS'],
                instalment: null,
                savedAt: '2026-03-18T09:00:00.000Z',
                savedUntil: '2026-04-17T08:00:00.000Z',
              }),
            ],
          },
        },
      });
      renderApp(ROOT, { authState: signedInAuthState });
      await screen.findByRole('heading', { level: 1, name: 'Your policy' });
      const notices = await screen.findAllByRole('region', { name: 'Saved change' });
      expect(notices).toHaveLength(2);
      const [first, second] = notices as [HTMLElement, HTMLElement];
      expect(first).toHaveTextContent('You saved a change to come back to: adding a driver.');
      expect(first).toHaveTextContent('Saved on 20 March 2026, kept until 19 April 2026.');
      expect(first).toHaveTextContent('Price when saved: £1,039.33 a year (£86.61 a month).');
      expect(
        within(first).getByRole('link', { name: 'Continue with this change (adding a driver)' }),
      ).toHaveAttribute('href', `${ROOT}/saved-change/adj_9`);
      expect(second).toHaveTextContent('your voluntary excess');
      expect(second).toHaveTextContent('Price when saved: £1,039.33 a year.');
      expect(
        within(second).getByRole('link', { name: /Continue with this change/ }),
      ).toHaveAttribute('href', `${ROOT}/saved-change/adj_8`);
    });

    it('shows nothing when there is no saved change', async () => {
      stubChangesApi({
        answers: { 'GET /policies/pol_1/saved-changes': { status: 200, body: [] } },
      });
      renderApp(ROOT, { authState: signedInAuthState });
      await screen.findByRole('heading', { level: 1, name: 'Your policy' });
      expect(screen.queryByRole('region', { name: 'Saved change' })).toBeNull();
    });
  });

  describe('returning to a saved change', () => {
    const open = (answer: { status: number; body: unknown }) => {
      const calls = stubChangesApi({
        answers: { 'POST /policyAdjustments/adj_1/resume': answer },
      });
      const app = renderApp(`${ROOT}/saved-change/adj_1`, { authState: signedInAuthState });
      return { calls, app };
    };

    it('prices it again once and goes to its review, telling the old and the new price', async () => {
      const { calls, app } = open({ status: 200, body: resumed() });
      await waitFor(() => expect(app.router.state.location.pathname).toBe(`${ROOT}/review/adj_2`));
      await screen.findByRole('heading', { level: 1, name: 'Check your change' });
      expect(
        screen.getByText(
          'The price of this change has been worked out again since you saved it: it was £1,039.33 a year, it is now £980.00.',
        ),
      ).toBeInTheDocument();
      expect(postsTo(calls, '/policyAdjustments/adj_1/resume')).toHaveLength(1);
    });

    it('says when our rates changed it', async () => {
      open({ status: 200, body: resumed({ ratesChanged: true }) });
      expect(
        await screen.findByText(
          'The price of this change has been worked out again since you saved it, because our rates have changed: it was £1,039.33 a year, it is now £980.00.',
        ),
      ).toBeInTheDocument();
    });

    it('says when the price is the same', async () => {
      open({ status: 200, body: resumed({ priceChanged: false }) });
      expect(
        await screen.findByText(
          'This is the change you saved on 20 March 2026; its price is the same.',
        ),
      ).toBeInTheDocument();
    });

    it('says a change kept longer than 30 days has expired, focused, with the way back', async () => {
      open({
        status: 410,
        body: {
          error: {
            code: 'GONE',
            message:
              'This saved change has expired: we keep saved changes for 30 days. Please make the change again.',
            requestId: 'r1',
          },
        },
      });
      const heading = await screen.findByRole('heading', {
        level: 1,
        name: 'This saved change has expired',
      });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(
        screen.getByText(
          'This saved change has expired: we keep saved changes for 30 days. Please make the change again.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to your policy' })).toHaveAttribute(
        'href',
        ROOT,
      );
    });

    it("tells the server's reason for anything else (a confirmed change)", async () => {
      open({
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'This change has already been made.',
            requestId: 'r',
          },
        },
      });
      await screen.findByRole('heading', { level: 1, name: "We can't open this saved change" });
      expect(screen.getByText('This change has already been made.')).toBeInTheDocument();
    });
  });
});
