import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceTrace } from '@motor/domain';
import { PriceExplanation, PriceMoves } from './price-explanation';

const trace: PriceTrace = {
  tableVersion: '2026-01',
  basePremiumPence: 50_000,
  minimumPremiumPence: 30_000,
  factors: [
    { name: 'mainDriverAge', value: 30, factor: 1.2 },
    { name: 'insuranceGroup', value: 50, factor: 1.5 },
    { name: 'ncdYears', value: 5, factor: 0.8 },
  ],
  optionalCovers: [{ code: 'windscreen', premiumPence: 4_000 }],
};
const quote = { priceTrace: trace, taxAmount: 9_120, totalPremium: 85_120 };

/** Each line of the open explanation as "words: amount". */
function readLines(): string[] {
  return screen
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('What makes up your price (issue 35 item 2)', () => {
  it('is closed until asked for, then tells each part in pounds, adding up to the year', async () => {
    render(<PriceExplanation quote={quote} />);
    const toggle = screen.getByRole('button', { name: 'What makes up your price' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(readLines()).toEqual([
      'Starting price for this cover: £500.00',
      'The car’s insurance group (50): +£300.00',
      'No claims discount (5 years): −£180.00',
      'The main driver’s age (30): +£100.00',
      'Windscreen repair and replacement: +£40.00',
      'Insurance Premium Tax: +£91.20',
      'Price for a year: £851.20',
    ]);
    // The tables stay ours: no multiplier is shown to the customer.
    expect(screen.queryByText(/×/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows staff the trace itself: table version, multipliers, minimum premium', async () => {
    render(<PriceExplanation quote={quote} showTrace />);
    await userEvent.click(screen.getByRole('button', { name: 'What makes up your price' }));
    const table = screen.getByRole('table', {
      name: 'Rating trace (staff only): the tables as applied to this quote',
    });
    expect(within(table).getByRole('row', { name: /Rating table version 2026-01/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: 'insuranceGroup 50 ×1.5' })).toBeVisible();
    expect(
      within(table).getByRole('row', { name: /Minimum premium \(net\) £300.00/ }),
    ).toBeVisible();
  });

  it('shows nothing for a quote rated before traces were kept', () => {
    const { container } = render(
      <PriceExplanation quote={{ priceTrace: null, taxAmount: 0, totalPremium: 0 }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('tells a change’s review what moved the price, and nothing else', async () => {
    const after: PriceTrace = {
      ...trace,
      factors: trace.factors.map((factor) =>
        factor.name === 'insuranceGroup' ? { ...factor, value: 30, factor: 1.1 } : factor,
      ),
      optionalCovers: [],
    };
    render(
      <PriceMoves
        before={quote}
        after={{ priceTrace: after, taxAmount: 6_336, totalPremium: 59_136 }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'What moved your price' }));
    expect(readLines()).toEqual([
      'The car’s insurance group (30): −£192.00',
      'Windscreen repair and replacement: −£40.00',
      'Insurance Premium Tax: −£27.84',
      'Change to your price for a year: −£259.84',
    ]);
  });
});
