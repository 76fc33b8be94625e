import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffPageAccessTests, staffWith } from './test-helpers';

// Issue 30 item 9: staff read the independent auditor's open findings at /admin/reconciliation,
// each with its age, kind, policy and both sides' amounts, and when it last ran.

const staff = staffWith('access:operations');

const finding = {
  provider: null,
  accountId: 'acc_1',
  accountCode: 'BMW-FLX-000123',
  customerUserId: 'user-7',
  policyId: 'pol_1',
  seenAt: '2026-04-10T01:30:00.000Z',
};

const FINDINGS = {
  now: '2026-04-10T09:00:00.000Z',
  lastRunAt: '2026-04-10T01:30:00.000Z',
  findings: [
    {
      ...finding,
      id: 'f-1',
      kind: 'COVER_UNPAID',
      providerPaymentId: 'pol_1',
      providerAmountPence: null,
      ledgerAmountPence: null,
      foundAt: '2026-04-07T01:30:00.000Z',
    },
    {
      ...finding,
      id: 'f-2',
      kind: 'PROVIDER_ONLY',
      provider: 'CARD',
      accountId: null,
      accountCode: null,
      customerUserId: null,
      policyId: null,
      providerPaymentId: 'py_sandbox_lost',
      providerAmountPence: 8499,
      ledgerAmountPence: null,
      foundAt: '2026-04-10T01:30:00.000Z',
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reconciliation page', () => {
  staffPageAccessTests({
    path: '/admin/reconciliation',
    permission: 'access:operations',
    link: 'Reconciliation',
  });

  it('lists open findings with their age, kind, policy link and amounts, and the last run', async () => {
    stubApi((path) =>
      path.includes('/api/admin/reconciliation')
        ? jsonResponse(200, FINDINGS)
        : jsonResponse(404, {}),
    );
    renderApp('/admin/reconciliation', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reconciliation' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Open findings, oldest first' });
    expect(screen.getByText('Last run: 10/04/2026, 02:30:00')).toBeInTheDocument();
    const unpaid = within(table).getByRole('row', {
      name: '3 days Cover without a settled first payment BMW-FLX-000123 No record No record pol_1',
    });
    expect(
      within(table).getByRole('row', {
        name: '7 hours Money taken, not in the ledger No account £84.99 No record py_sandbox_lost',
      }),
    ).toBeInTheDocument();
    expect(within(unpaid).getByRole('rowheader')).toHaveTextContent(
      'Cover without a settled first payment',
    );
    expect(within(unpaid).getByRole('link', { name: 'BMW-FLX-000123' })).toHaveAttribute(
      'href',
      '/admin/customers/user-7',
    );
  });

  it('says so when the books agree, and before the first run', async () => {
    stubApi(() =>
      jsonResponse(200, { now: '2026-04-10T09:00:00.000Z', lastRunAt: null, findings: [] }),
    );
    renderApp('/admin/reconciliation', { authState: staff });
    expect(
      await screen.findByText(
        'No open findings: the providers, the ledger and the policies agree.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The reconciliation has not run yet.')).toBeInTheDocument();
  });
});
