import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffPageAccessTests, staffWith } from './test-helpers';

// Issue 32 item 3: staff read the error tracker at /admin/errors: each kind of error once, how
// often, first and last seen, where from, with its stack folded away.

const staff = staffWith('access:operations');

const SERVER_ERROR = {
  id: 'e1',
  source: 'server',
  name: 'TypeError',
  message: 'Cannot price the quote of [name], [email]',
  stack: 'TypeError: Cannot price\n    at rate (rating.ts:12:3)',
  location: 'GET /api/proposals/:code/quote',
  release: '2026.11.28',
  brand: 'bmw',
  lastRequestId: 'req-42',
  count: 3,
  firstSeenAt: '2026-03-16T10:00:00.000Z',
  lastSeenAt: '2026-03-16T12:30:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the errors page', () => {
  staffPageAccessTests({ path: '/admin/errors', permission: 'access:operations', link: 'Errors' });

  it('lists each kind of error with how often and when, its stack folded', async () => {
    stubApi((path) =>
      path.endsWith('/api/admin/errors')
        ? jsonResponse(200, {
            errors: [
              SERVER_ERROR,
              {
                ...SERVER_ERROR,
                id: 'e2',
                source: 'browser',
                name: 'Error',
                message: 'Boom',
                stack: null,
                location: '/home',
                lastRequestId: null,
                count: 1,
              },
            ],
          })
        : jsonResponse(404, {}),
    );
    renderApp('/admin/errors', { authState: staff });
    const table = await screen.findByRole('table', { name: 'Errors, the latest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(
      'TypeError: Cannot price the quote of [name], [email]',
    );
    expect(rows[0]).toHaveTextContent('GET /api/proposals/:code/quote');
    expect(rows[0]).toHaveTextContent('16/03/2026, 12:30:00');
    expect(rows[0]).toHaveTextContent('2026.11.28req-42');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('3');
    expect(within(rows[0]!).getByText('Stack trace')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Browser');
    expect(within(rows[1]!).queryByText('Stack trace')).toBeNull();
  });

  it('says when nothing has gone wrong', async () => {
    stubApi(() => jsonResponse(200, { errors: [] }));
    renderApp('/admin/errors', { authState: staff });
    expect(await screen.findByText('No error has been recorded.')).toBeInTheDocument();
  });
});
