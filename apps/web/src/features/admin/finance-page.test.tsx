import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffPageAccessTests, staffWith } from './test-helpers';

// Issue 32 item 7: staff read aged debt, today's collections and the premium written by month and
// product at /admin/finance, as tables with their totals, each downloadable as CSV.

const staff = staffWith('access:operations');

const REPORT = {
  now: '2026-04-25T10:00:00.000Z',
  today: '2026-04-25',
  agedDebt: [
    { band: 'NOT_DUE', accounts: 2, owedPence: 16_990 },
    { band: 'DAYS_1_30', accounts: 1, owedPence: 8_495 },
    { band: 'DAYS_31_60', accounts: 1, owedPence: 10_268 },
    { band: 'DAYS_61_90', accounts: 0, owedPence: 0 },
    { band: 'OVER_90', accounts: 0, owedPence: 0 },
  ],
  collectionsToday: [
    {
      method: 'CARD',
      due: { count: 3, amountPence: 25_485 },
      failed: { count: 0, amountPence: 0 },
    },
    {
      method: 'DIRECT_DEBIT',
      due: { count: 5, amountPence: 42_475 },
      failed: { count: 1, amountPence: 8_495 },
    },
  ],
  refundsPending: [
    { band: 'DAYS_0_7', count: 2, amountPence: 9_499 },
    { band: 'DAYS_8_14', count: 1, amountPence: 4_250 },
    { band: 'OVER_14', count: 0, amountPence: 0 },
  ],
  written: [
    { month: '2026-04', schemeCode: 'bmw-flex', premiumPence: 75_848, iptPence: 9_102 },
    { month: '2026-03', schemeCode: 'bmw-flex', premiumPence: 151_696, iptPence: 18_204 },
  ],
  unpaidEndings: [
    { month: '2026-04', schemeCode: 'bmw-flex', notTakenUp: 0, cancelledForNonPayment: 1 },
    { month: '2026-03', schemeCode: 'bmw-flex', notTakenUp: 2, cancelledForNonPayment: 0 },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('the finance page', () => {
  staffPageAccessTests({
    path: '/admin/finance',
    permission: 'access:operations',
    link: 'Finance',
  });

  it('shows what customers owe by age, today’s collections and premium written, with totals', async () => {
    stubApi((path) =>
      path.endsWith('/api/admin/finance') ? jsonResponse(200, REPORT) : jsonResponse(404, {}),
    );
    renderApp('/admin/finance', { authState: staff });
    expect(await screen.findByRole('heading', { level: 1, name: 'Finance' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Money customers owe, by how long it has been due' });
    expect(rowsOf('Money customers owe, by how long it has been due')).toEqual([
      'Due forAccountsOwed',
      'Not yet due2£169.90',
      '1 to 30 days1£84.95',
      '31 to 60 days1£102.68',
      '61 to 90 days0£0.00',
      'Over 90 days0£0.00',
      'Total£357.53',
    ]);
    expect(rowsOf('Payments due and failed on 25 April 2026, by method')).toEqual([
      'MethodDue todayAmount dueFailed todayAmount failed',
      'Card3£254.850£0.00',
      'Direct Debit5£424.751£84.95',
    ]);
    expect(
      rowsOf('Refunds owed to customers and not paid out yet, by how long ago they were due'),
    ).toEqual([
      'Due forRefundsAmount',
      'Up to 7 days2£94.99',
      '8 to 14 days1£42.50',
      'Over 14 days0£0.00',
      'Total3£137.49',
    ]);
    expect(
      rowsOf('Premium and insurance premium tax written each month by product, newest first'),
    ).toEqual([
      'MonthProductPremiumIPTTotal',
      '2026-04BMW Flex£758.48£91.02£849.50',
      '2026-03BMW Flex£1,516.96£182.04£1,699.00',
      'Total£2,275.44£273.06£2,548.50',
    ]);
    expect(
      rowsOf(
        'Policies not taken up and cancelled for non-payment each month by product, newest first',
      ),
    ).toEqual([
      'MonthProductNot taken upCancelled for non-payment',
      '2026-04BMW Flex01',
      '2026-03BMW Flex20',
    ]);
  });

  it('downloads a table as CSV, amounts in pounds', async () => {
    stubApi(() => jsonResponse(200, REPORT));
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:finance';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/admin/finance', { authState: staff });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download premium written (CSV)' }),
    );
    expect(clicked).toHaveBeenCalledOnce();
    expect(clicked.mock.contexts[0]).toHaveProperty('download', 'premium-written-2026-04-25.csv');
    expect(await blobs[0]!.text()).toBe(
      'Month,Product,Premium,IPT,Total\r\n' +
        '2026-04,BMW Flex,758.48,91.02,849.50\r\n' +
        '2026-03,BMW Flex,1516.96,182.04,1699.00\r\n',
    );
  });

  it('says when the figures cannot be loaded', async () => {
    stubApi(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'x' } }));
    renderApp('/admin/finance', { authState: staff });
    expect(
      await screen.findByText('We could not load the figures just now. Please try again.'),
    ).toHaveAttribute('role', 'alert');
  });
});
