import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { withQuote } from '../../../test/proposal-fixture';
import { stubQuoteApi } from '../test/quote-api-stub';

// Issue 13 item 11: the first instalment takes the odd pennies (packages/domain
// splitIntoInstalments) and the quote shows it, so first + 11 × monthly = the total shown.
describe('quote price', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const monthly = (deposit: number, instalmentAmount: number) =>
    withQuote({
      availablePaymentSchedules: [
        {
          type: 'MONTHLY',
          active: true,
          premiumBreakdown: {
            premium: 91012,
            taxAmount: 10921,
            totalPremium: 101933,
            deposit,
            instalmentAmount,
            numberOfInstalments: 12,
          },
        },
      ],
    });

  // The headline repeats 'Monthly price': the line items are the list's rows.
  const line = (header: string) =>
    screen
      .getAllByText(header)
      .map((element) => element.closest('.line-item'))
      .find(Boolean);

  it('shows the first payment apart when it takes the odd pennies', async () => {
    stubQuoteApi({ proposal: monthly(8499, 8494) });
    renderApp('/flex/proposal/P-1');
    await screen.findByText('First monthly payment');
    expect(line('First monthly payment')).toHaveTextContent('£84.99');
    expect(line('Monthly price')).toHaveTextContent('£84.94');
    expect(line('Total price')).toHaveTextContent('£1,019.33');
  });

  it('shows one monthly price when every payment is the same', async () => {
    stubQuoteApi({ proposal: monthly(8495, 8495) });
    renderApp('/flex/proposal/P-1');
    await screen.findByText('Total price');
    expect(screen.queryByText('First monthly payment')).toBeNull();
  });
});
