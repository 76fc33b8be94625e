import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffPageAccessTests, staffWith } from './test-helpers';

// Issue 30 item 4: staff see the refunds the refund run could not send, with the reason, and pay
// each by another route or write it off, with a note.

const staff = staffWith('access:operations');

const OPEN = {
  id: '6f1c2a5e-0000-4000-8000-000000000001',
  refundKey: 'adjustment:adj_1:refund',
  accountId: 'acc_1',
  amountPence: 8499,
  unsentPence: 8499,
  reason: 'The card provider refused the refund: The refund is more than was paid (sandbox).',
  raisedAt: '2026-04-03T09:15:00.000Z',
  resolution: null,
  note: null,
  resolvedBy: null,
  resolvedAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the refunds staff queue', () => {
  staffPageAccessTests({
    path: '/admin/refunds',
    permission: 'access:operations',
    link: 'Refunds that could not be sent',
  });

  it('shows why a refund waits; a note is needed; writing it off sends the choice and the note', async () => {
    const fetchMock = stubApi((path, init) => {
      if (path.includes('/resolution')) {
        return jsonResponse(200, {
          ...OPEN,
          resolution: 'WRITTEN_OFF',
          note: 'Refunded at the dashboard',
          resolvedBy: 'agent',
          resolvedAt: '2026-04-04T10:00:00.000Z',
        });
      }
      if (path.includes('/api/admin/refunds') && !init?.method?.match(/POST/i)) {
        return jsonResponse(200, { issues: [OPEN] });
      }
      return jsonResponse(404, {});
    });
    renderApp('/admin/refunds', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Refunds that could not be sent' }),
    ).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Refund of £84.99' })).closest(
      'article',
    )!;
    expect(within(card).getByText(OPEN.reason)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    const note = within(card).getByLabelText(/^Note/);
    expect(note).toHaveAccessibleDescription(
      expect.stringContaining('Say how the refund was paid, or why it is written off.'),
    );
    expect(note).toHaveFocus();

    await userEvent.click(within(card).getByRole('radio', { name: 'Write it off' }));
    await userEvent.type(note, 'Refunded at the dashboard');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining(`/api/admin/refunds/${OPEN.id}/resolution`),
        expect.objectContaining({
          method: 'POST',
          body: JSON.stringify({ resolution: 'WRITTEN_OFF', note: 'Refunded at the dashboard' }),
        }),
      ),
    );
  });
});
