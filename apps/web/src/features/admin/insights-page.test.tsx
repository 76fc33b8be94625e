import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FUNNEL_STEPS } from '@motor/domain';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffPageAccessTests, staffWith } from './test-helpers';

// Issue 32 item 2: staff with access:operations read the quote funnel at /admin/insights for a
// range of days: per product, quotes reaching each step, conversion, drop-off and median time
// as a table (the chart beside it is hidden from assistive technology), and the referral and
// identity-check refusal rates.

const staff = staffWith('access:operations');
const REACHED = [10, 9, 8, 8, 7, 7, 7, 6, 5, 4, 3, 3, 2];

const FUNNEL = {
  from: '2026-03-01',
  to: '2026-03-30',
  products: [
    {
      schemeCode: 'bmw-flex',
      brand: 'bmw',
      journeys: 10,
      steps: FUNNEL_STEPS.map((step, index) => ({
        step,
        reached: REACHED[index]!,
        conversion: index === 0 ? null : REACHED[index]! / REACHED[index - 1]!,
        dropOff: index === 0 ? 0 : REACHED[index - 1]! - REACHED[index]!,
        medianSeconds: index === 0 ? null : index * 65,
      })),
      referral: { count: 1, outOf: 7, rate: 1 / 7 },
      idCheckRefusal: { count: 0, outOf: 0, rate: null },
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the quote funnel page', () => {
  staffPageAccessTests({
    path: '/admin/insights',
    permission: 'access:operations',
    link: 'Quote funnel',
  });

  it('shows each product’s funnel as a table with conversion, drop-off, median time and rates', async () => {
    stubApi((path) =>
      path.includes('/api/admin/insights?') ? jsonResponse(200, FUNNEL) : jsonResponse(404, {}),
    );
    renderApp('/admin/insights', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quote funnel' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', {
      name: 'The funnel of BMW Flex, step by step',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[0]).toBe(
      'StepQuotes reaching itFrom the step beforeLost since the step beforeMedian time from the step before',
    );
    expect(rows[1]).toBe('Quote started10—0—');
    expect(rows[2]).toBe('About you990%11 min 5 s');
    expect(rows[8]).toBe('Price shown685.7%17 min 35 s');
    expect(rows[13]).toBe('Bought266.7%113 min 0 s');
    expect(screen.getByText('10 quotes tracked')).toBeInTheDocument();
    expect(
      screen.getByText('Referred to underwriters: 1 of 7 quotes priced (14.3%)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Refused at the identity check: 0 of 0 checks (no figure yet)'),
    ).toBeInTheDocument();
  });

  it('asks the server for the days chosen, and refuses a range that ends before it starts', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { ...FUNNEL, products: [] }));
    renderApp('/admin/insights', { authState: staff });
    expect(
      await screen.findByText(
        'No quote was tracked in these days. Only visitors who accept analytics are counted.',
      ),
    ).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-02-10');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('The first day must not be after the last.')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-02-20');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/admin/insights?from=2026-02-10&to=2026-02-20',
      ),
    );
  });
});
