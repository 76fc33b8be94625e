import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffPageAccessTests, staffWith } from './test-helpers';

// Issue 30 item 3: staff see the policies not taken up at /admin/not-taken-up, newest first,
// with the customer, inception, when and why; a customer's page says so on the policy.

const staff = staffWith('access:impersonate');

const FAILED = {
  policyId: 'pol_2',
  policyNumber: 'BMW-FLX-000124',
  customerUserId: 'user-8',
  customerName: 'Sam Patel',
  inceptedAt: '2026-03-12T00:00:00.000Z',
  notTakenUp: { at: '2026-03-19T09:00:00.000Z', reason: 'FIRST_PAYMENT_FAILED' },
};

const NOT_SETTLED = {
  policyId: 'pol_1',
  policyNumber: 'BMW-FLX-000123',
  customerUserId: 'user-7',
  customerName: null,
  inceptedAt: '2026-02-27T00:00:00.000Z',
  notTakenUp: { at: '2026-03-06T01:00:00.000Z', reason: 'FIRST_PAYMENT_NOT_SETTLED' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the policies not taken up', () => {
  staffPageAccessTests({
    path: '/admin/not-taken-up',
    permission: 'access:impersonate',
    link: 'Policies not taken up',
  });

  it('lists each policy with its customer, inception, when and why, newest first', async () => {
    stubApi((path) =>
      path.endsWith('/api/admin/not-taken-up')
        ? jsonResponse(200, { policies: [FAILED, NOT_SETTLED] })
        : jsonResponse(404, {}),
    );
    renderApp('/admin/not-taken-up', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Policies not taken up' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Policies not taken up, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Policy number', 'Customer', 'Inception', 'Not taken up on', 'Reason']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'BMW-FLX-000124Sam Patel12 March 202619 March 2026First payment failed',
      'BMW-FLX-000123user-727 February 20266 March 2026First payment not settled',
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('BMW-FLX-000124');
    expect(within(rows[0]!).getByRole('link', { name: 'Sam Patel' })).toHaveAttribute(
      'href',
      '/admin/customers/user-8',
    );
    // A customer without a name is linked by their user id.
    expect(within(rows[1]!).getByRole('link', { name: 'user-7' })).toHaveAttribute(
      'href',
      '/admin/customers/user-7',
    );
    expect(within(rows[0]!).getByText('19 March 2026')).toHaveAttribute(
      'datetime',
      FAILED.notTakenUp.at,
    );
  });

  it('says so when no policy is not taken up', async () => {
    stubApi(() => jsonResponse(200, { policies: [] }));
    renderApp('/admin/not-taken-up', { authState: staff });
    expect(await screen.findByText('No policy has been marked not taken up.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not offered to staff holding only access:operations', async () => {
    stubApi(() => jsonResponse(404, {}));
    renderApp('/admin', { authState: staffWith('access:operations') });
    expect(await screen.findByRole('link', { name: 'Reconciliation' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Policies not taken up' })).toBeNull();
  });
});

describe('a policy not taken up on the customer page', () => {
  it('says when and why beside its status; other policies say nothing of it', async () => {
    const policy = {
      schemeCode: 'bmw-flex',
      inceptedAt: '2026-03-12T00:00:00.000Z',
      expiredAt: '2026-04-12T00:00:00.000Z',
      notTakenUp: null,
    };
    stubApi((path) =>
      path.endsWith('/api/admin/customers/user-8')
        ? jsonResponse(200, {
            userId: 'user-8',
            firstName: 'Sam',
            lastName: 'Patel',
            email: 'sam@example.com',
            phone: null,
            createdAt: '2026-03-01T09:00:00.000Z',
            isDisabled: false,
            proposals: [],
            policies: [
              { ...policy, ...FAILED, status: 'NTU' },
              { ...policy, policyId: 'pol_3', policyNumber: 'BMW-FLX-000125', status: 'ACTIVE' },
            ],
            payments: [],
            audit: [],
          })
        : jsonResponse(404, {}),
    );
    renderApp('/admin/customers/user-8', { authState: staff });
    const ntu = (await screen.findByRole('cell', { name: 'BMW-FLX-000124' })).closest('tr')!;
    expect(
      within(ntu).getByText('Not taken up — first payment failed on 19 March 2026'),
    ).toBeInTheDocument();
    const active = screen.getByRole('cell', { name: 'BMW-FLX-000125' }).closest('tr')!;
    expect(within(active).queryByText(/Not taken up/)).toBeNull();
  });
});
