import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffWith } from './test-helpers';

// Issue 35 item 6: on the finance page, staff pick a month and a product, read the bordereau's
// totals by kind of transaction, and download the three reports as CSV or XLSX.

const staff = staffWith('access:operations');

const FINANCE = {
  now: '2026-04-25T10:00:00.000Z',
  today: '2026-04-25',
  agedDebt: [],
  collectionsToday: [],
  refundsPending: [],
  written: [],
  unpaidEndings: [],
};

const row = (transactionClass: string, netPremiumPence: number, iptPence: number) => ({
  policyNumber: 'BMW-FLX-000001',
  transactionClass,
  transactionDate: '2026-03-02',
  effectiveDate: '2026-03-02',
  coverStart: '2026-03-02',
  coverEnd: '2027-03-02',
  netPremiumPence,
  iptPence,
  vehicle: 'BMW 3 Series',
  registration: 'BM24XYZ',
  postcodeDistrict: 'SW1A',
});

const bordereauOf = (month: string) => ({
  month,
  schemeCode: 'bmw-flex',
  rows: [row('NEW_BUSINESS', 7_585, 910), row('NEW_BUSINESS', 7_585, 910), row('MTA', 1_000, 120)],
  totals: { netPremiumPence: 16_170, iptPence: 1_940, rowCount: 3 },
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the insurer’s reports on the finance page', () => {
  it('shows the month’s bordereau totals and downloads each report as CSV or XLSX', async () => {
    const fetched = stubApi((path) => {
      if (path.endsWith('/api/admin/finance')) return jsonResponse(200, FINANCE);
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/admin/reports/bordereau' && !url.searchParams.has('format')) {
        return jsonResponse(200, bordereauOf(url.searchParams.get('month')!));
      }
      return new Response(new Blob(['file']), {
        status: 200,
        headers: { 'content-type': 'text/csv' },
      });
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/admin/finance', { authState: staff });

    const month = await screen.findByLabelText('Month');
    fireEvent.change(month, { target: { value: '2026-03' } });
    expect(screen.getByLabelText('Product')).toHaveValue('bmw-flex');
    const table = await screen.findByRole('table', {
      name: 'Bordereau totals for 2026-03 by kind of transaction',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((line) => line.textContent),
    ).toEqual([
      'TransactionLinesNet premiumIPT',
      'New business2£151.70£18.20',
      'Policy change1£10.00£1.20',
      'Total3£161.70£19.40',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Download IPT for 2026-Q1 (XLSX)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    expect(clicked.mock.contexts[0]).toHaveProperty('download', 'ipt-2026-Q1.xlsx');
    expect(String(fetched.mock.calls.at(-1)![0])).toBe(
      '/api/admin/reports/ipt?quarter=2026-Q1&format=xlsx',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download Premium bordereau (CSV)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    expect(clicked.mock.contexts[1]).toHaveProperty('download', 'bordereau-bmw-flex-2026-03.csv');
    expect(String(fetched.mock.calls.at(-1)![0])).toBe(
      '/api/admin/reports/bordereau?month=2026-03&scheme=bmw-flex&format=csv',
    );
    expect(
      screen.getByRole('button', { name: 'Download Renewal pricing record (XLSX)' }),
    ).toBeInTheDocument();
  });

  it('says so when a download fails', async () => {
    stubApi((path) => {
      if (path.endsWith('/api/admin/finance')) return jsonResponse(200, FINANCE);
      if (!path.includes('format=')) return jsonResponse(200, bordereauOf('2026-04'));
      return jsonResponse(500, { error: { code: 'INTERNAL', message: 'x', requestId: 'r' } });
    });
    renderApp('/admin/finance', { authState: staff });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download Renewal pricing record (CSV)' }),
    );
    expect(
      await screen.findByText('We could not download the report just now. Please try again.'),
    ).toHaveAttribute('role', 'alert');
  });
});
