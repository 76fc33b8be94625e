import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MoveClockResponse, ServerClockResponse } from '@motor/contract';
import type { AuthState } from '../../lib/auth';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';

// Issue 30 item 8: staff with action:move-clock move the server's clock forward at /admin/clock
// (never in production) and see which jobs ran.

const mover: AuthState = {
  ...signedInAuthState,
  isAdmin: true,
  permissions: ['action:move-clock', 'access:operations'],
};

const CLOCK: ServerClockResponse = {
  now: '2026-05-04T09:00:00.000Z',
  offsetMs: 0,
  canMove: true,
};

const MOVED: MoveClockResponse = {
  from: '2026-05-04T09:00:00.000Z',
  to: '2026-06-03T09:00:00.000Z',
  offsetMs: 30 * 86_400_000,
  runs: {
    kinds: [
      { kind: 'plan-collections', done: 120, retrying: 0, failed: 0 },
      { kind: 'raise-invoices', done: 119, retrying: 1, failed: 0 },
    ],
    failures: [
      {
        kind: 'raise-invoices',
        key: 'raise-invoices@2026-05-20T08:45:00.000Z',
        outcome: 'RETRYING',
        error: 'The database did not answer',
      },
    ],
  },
};

const FORWARD_ONLY =
  'The clock only moves forward: enter a whole number of hours or days, 1 or more.';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The clock's GET answers `clock`; its POST answers `move` (status, body). */
function stubClock(clock: ServerClockResponse, move?: [number, unknown]) {
  return stubApi((path, init) => {
    if (!path.includes('/api/admin/clock')) return jsonResponse(404, {});
    if (init?.method === 'POST' && move) return jsonResponse(move[0], move[1]);
    return jsonResponse(200, clock);
  });
}

describe('the server clock page', () => {
  it('is for staff with action:move-clock only', async () => {
    renderApp('/admin/clock', { authState: { ...mover, permissions: [] } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
  });

  it('needs access:operations too, to read the clock, and says so', async () => {
    const fetchMock = stubClock(CLOCK);
    renderApp('/admin/clock', { authState: { ...mover, permissions: ['action:move-clock'] } });
    expect(
      await screen.findByText(
        'Your staff account does not have the access:operations permission this page needs. ' +
          'Ask whoever manages staff accounts to grant it.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the clock cannot be moved in production, and offers no form', async () => {
    stubClock({ ...CLOCK, canMove: false });
    renderApp('/admin/clock', { authState: mover });
    expect(
      await screen.findByText(
        'The clock cannot be moved here: this server runs on the real time (production).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move the clock forward' })).toBeNull();
  });

  it('refuses no number or one below 1 on the field itself, focused, and sends nothing', async () => {
    const fetchMock = stubClock(CLOCK);
    renderApp('/admin/clock', { authState: mover });
    expect(
      await screen.findByText("The server's clock reads 4 May 2026 at 10:00."),
    ).toBeInTheDocument();
    expect(screen.getByText('It shows the real time.')).toBeInTheDocument();
    const amount = screen.getByLabelText('Move forward by');
    await userEvent.type(amount, '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Move the clock forward' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining(FORWARD_ONLY) as unknown as string,
    );
    expect(amount).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal on the field', async () => {
    stubClock(CLOCK, [
      400,
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Move the clock by at most 366 days at a time.',
          requestId: 'r-1',
          details: {
            fields: [
              {
                in: 'body',
                path: 'amount',
                message: 'Move the clock by at most 366 days at a time.',
              },
            ],
          },
        },
      },
    ]);
    renderApp('/admin/clock', { authState: mover });
    const amount = await screen.findByLabelText('Move forward by');
    await userEvent.type(amount, '400');
    await userEvent.click(screen.getByRole('button', { name: 'Move the clock forward' }));
    await vi.waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        expect.stringContaining(
          'Move the clock by at most 366 days at a time.',
        ) as unknown as string,
      ),
    );
    expect(amount).toHaveFocus();
  });

  it('moves the clock by the days chosen and lists the jobs that ran, with their failures', async () => {
    const fetchMock = stubClock(CLOCK, [200, MOVED]);
    renderApp('/admin/clock', { authState: mover });
    await userEvent.selectOptions(await screen.findByLabelText('Hours or days'), 'Days');
    // From the keyboard: Enter in the field sends the form.
    await userEvent.type(screen.getByLabelText('Move forward by'), '30{Enter}');
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Moved from 4 May 2026 at 10:00 to 3 June 2026 at 10:00',
    });
    expect(heading).toHaveFocus();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amount: 30, unit: 'days' });
    const table = screen.getByRole('table', { name: 'Jobs that ran' });
    const row = within(table).getByRole('row', { name: /raise-invoices/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['119', '1', '0']);
    expect(
      screen.getByText(/failed, will be tried again\. The database did not answer/),
    ).toBeInTheDocument();
  });

  it('is linked from the staff console for staff who may move it', async () => {
    stubApi(() => jsonResponse(404, {}));
    renderApp('/admin', { authState: mover });
    expect(await screen.findByRole('link', { name: 'Server clock' })).toHaveAttribute(
      'href',
      '/admin/clock',
    );
  });
});
