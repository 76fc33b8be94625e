import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type {
  CustomerAccountResponse,
  StatementResponse,
  StatementSummaryResponse,
} from '@motor/contract';
import type { AuthState } from '../../lib/auth';
import { brand, brandFeatures } from '../../lib/brand';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { TestApp } from '../../test/render-app';
import { BillingTab } from './billing-tab';

// The billing tab (spec 3 §2 Billing tab and modals, §4 statement status icon, §5 payment day,
// §6 who may pay how and change the day; issue 16 items 4 and 5).

const ACCOUNT: CustomerAccountResponse = {
  accountId: 'acc_1',
  accountCode: 'BMW-FLX-000123',
  proposalCode: 'P-1',
  policyId: 'pol_1',
  paymentDay: 12,
  paymentMethodType: 'CARD',
  accountStatus: 'ACTIVE',
  accountBalance: 0,
  outstandingAmount: 0,
  pendingPaymentAmount: 0,
  pendingRefundAmount: 0,
};

const summary = (
  statementNumber: string,
  createdAt: string,
  status: StatementSummaryResponse['status'],
  amount: number,
): StatementSummaryResponse => ({
  statementNumber,
  createdAt,
  status,
  statementBalance: amount,
  subtotalBalance: amount,
  broughtForwardBalance: 0,
  carriedForwardBalance: status === 'SETTLED' ? 0 : amount,
  amountOutstanding: status === 'SETTLED' ? 0 : amount,
  paymentDueAt: createdAt,
  final: false,
});

/** Newest first, as the API answers. */
const STATEMENTS = [
  summary('BMW-FLX-000123-3', '2027-01-12T00:00:00.000Z', 'PENDING', 8_150),
  summary('BMW-FLX-000123-2', '2026-12-12T00:00:00.000Z', 'FAILED', 8_150),
  summary('BMW-FLX-000123-1', '2026-11-23T09:00:00.000Z', 'SETTLED', 16_300),
];

const LATEST: StatementResponse = {
  statementSummary: STATEMENTS[0]!,
  lineItems: [
    {
      type: 'INVOICE',
      subType: null,
      status: 'POSTED',
      amount: 8_150,
      descriptionKey: 'billing.lineItem.invoice',
      descriptionValue: 'Monthly instalment',
      servicePeriodStart: '2027-01-23T09:00:00.000Z',
      servicePeriodEnd: '2027-02-23T09:00:00.000Z',
      paymentMethodDescription: null,
      effectiveAt: '2027-01-12T00:00:00.000Z',
    },
    {
      type: 'PAYMENT',
      subType: 'STRIPE',
      status: 'PENDING',
      amount: -8_150,
      descriptionKey: 'billing.lineItem.payment',
      descriptionValue: 'Card payment',
      servicePeriodStart: null,
      servicePeriodEnd: null,
      paymentMethodDescription: 'Card',
      effectiveAt: '2027-01-12T06:00:00.000Z',
    },
  ],
};

const ESTIMATE: StatementResponse = {
  statementSummary: {
    ...summary('BMW-FLX-000123-4', '2027-02-12T00:00:00.000Z', 'DRAFT', 8_150),
    paymentDueAt: '2027-02-12T00:00:00.000Z',
  },
  lineItems: [{ ...LATEST.lineItems[0]!, status: 'PENDING' }],
};

const staff: AuthState = {
  ...signedInAuthState,
  isAdmin: true,
  user: { userId: 'staff-1', username: 'agent@example.com' },
  permissions: ['access:impersonate'],
};

type Sent = { method: string; path: string; body: unknown };

function stubBilling(
  options: {
    account?: CustomerAccountResponse;
    statements?: StatementSummaryResponse[];
    estimate?: StatementResponse[];
    mandates?: unknown[];
    cards?: unknown[];
    onWrite?: (sent: Sent) => Response;
  } = {},
) {
  const sent: Sent[] = [];
  const account = options.account ?? ACCOUNT;
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const write = { method, path, body: init?.body ? JSON.parse(String(init.body)) : null };
      sent.push(write);
      return options.onWrite?.(write) ?? jsonResponse(404, {});
    }
    if (path === '/customerAccounts?policyNumber=BMW-FLX-000123') {
      return jsonResponse(200, [account]);
    }
    if (path === '/customerAccounts/acc_1/statements') {
      return jsonResponse(200, options.statements ?? STATEMENTS);
    }
    if (path === '/customerAccounts/acc_1/nextStatementEstimate') {
      return jsonResponse(200, options.estimate ?? [ESTIMATE]);
    }
    if (path === '/customerAccounts/acc_1/statements/BMW-FLX-000123-3') {
      return jsonResponse(200, LATEST);
    }
    if (path === '/goCardless/mandates') return jsonResponse(200, options.mandates ?? []);
    if (path === '/stripe/cards' && options.cards) return jsonResponse(200, options.cards);
    return jsonResponse(404, {});
  });
  return sent;
}

function renderTab(authState: AuthState = signedInAuthState, search = '') {
  const router = createMemoryRouter(
    [{ path: '/flex/policy/:id/billing', element: <BillingTab policy={buildPolicy()} /> }],
    { initialEntries: [`/flex/policy/pol_1/billing${search}`] },
  );
  render(<TestApp router={router} authState={authState} />);
  return router;
}

const flexScheme = () => brand.schemes.find((scheme) => scheme.schemeCode === 'bmw-flex')!;

describe('billing tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    brandFeatures.allowModifyBillingDay = true;
    delete flexScheme().hideBillingSidebar;
  });

  it('shows the latest statement, the next-bill estimate, previous statements and the payment settings', async () => {
    stubBilling();
    renderTab();
    const latest = await screen.findByRole('region', { name: 'Latest statement' });
    const latestButton = await within(latest).findByRole('button', {
      name: 'View statement BMW-FLX-000123-3',
    });
    expect(within(latestButton).getByRole('img', { name: 'Pending' })).toHaveAttribute(
      'data-icon',
      'clock',
    );
    expect(latestButton).toHaveTextContent('£81.50');
    const estimate = screen.getByRole('region', { name: 'Your next bill' });
    expect(await within(estimate).findByText('Estimated £81.50')).toBeInTheDocument();
    expect(within(estimate).getByText('Due on 12 February 2027')).toBeInTheDocument();
    const previous = screen.getByRole('region', { name: 'Previous statements' });
    const items = within(previous).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: 'Failed' })).toHaveAttribute(
      'data-icon',
      'warning',
    );
    expect(within(items[1]!).getByRole('img', { name: 'Settled' })).toHaveAttribute(
      'data-icon',
      'tick',
    );
    const settings = screen.getByRole('complementary', { name: 'Payment settings' });
    expect(within(settings).getByText('Card')).toBeInTheDocument();
    expect(within(settings).getByText('Day 12 of each month')).toBeInTheDocument();
    // A customer reads the payment day; only staff may change it (spec 3 §6).
    expect(
      within(settings).queryByRole('button', { name: 'Change payment day' }),
    ).not.toBeInTheDocument();
    // No notices and nothing to pay on a healthy account.
    expect(screen.queryByText('Your last payment failed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('charts the monthly amounts, with the figures as a table for assistive technology', async () => {
    stubBilling();
    renderTab();
    const chart = await screen.findByRole('region', { name: 'Monthly amounts' });
    const table = await within(chart).findByRole('table', { name: 'Amount billed each month' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nov 2026£163.00',
      'Dec 2026£81.50',
      'Jan 2027£81.50',
    ]);
  });

  it('charts one bar per billing month: a month with a bill and a cancellation is one bar', async () => {
    const cancelled = {
      ...summary('BMW-FLX-000123-4', '2027-01-20T12:00:00.000Z', 'SETTLED', 0),
      statementBalance: 3_000,
      broughtForwardBalance: 8_150,
    };
    stubBilling({ statements: [cancelled, ...STATEMENTS] });
    renderTab();
    const chart = await screen.findByRole('region', { name: 'Monthly amounts' });
    const table = await within(chart).findByRole('table', { name: 'Amount billed each month' });
    const rows = within(table).getAllByRole('row').slice(1);
    // January: the £81.50 bill less the £51.50 the cancellation credited.
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nov 2026£163.00',
      'Dec 2026£81.50',
      'Jan 2027£30.00',
    ]);
  });

  it('names the card the months are taken from, and warns when none is saved', async () => {
    stubBilling({ cards: [{ cardId: 'pm_1', brand: 'visa', last4: '4242' }] });
    renderTab();
    const settings = await screen.findByRole('complementary', { name: 'Payment settings' });
    expect(await within(settings).findByText('Visa ending 4242')).toBeInTheDocument();
    cleanup();

    stubBilling({ cards: [] });
    renderTab();
    const without = await screen.findByRole('complementary', { name: 'Payment settings' });
    expect(
      await within(without).findByText(
        'No card saved: add one with “Change card” below, or your monthly payments cannot be taken.',
      ),
    ).toBeInTheDocument();
    expect(within(without).getByRole('button', { name: 'Change card' })).toBeInTheDocument();
  });

  it('says when the bank has cancelled the Direct Debit, and offers a new one', async () => {
    stubBilling({
      account: { ...ACCOUNT, paymentMethodType: 'BACS_DEBIT', accountStatus: 'SUSPENDED' },
      mandates: [
        {
          type: 'BACS_DEBIT',
          mandateId: 'md_1',
          status: 'CANCELLED',
          bankName: 'HSBC UK',
          accountNumberEnding: '90',
        },
      ],
    });
    renderTab();
    const settings = await screen.findByRole('complementary', { name: 'Payment settings' });
    expect(
      await within(settings).findByText(
        'No Direct Debit: yours has been cancelled. Set up a new one below, or your payments cannot be collected.',
      ),
    ).toBeInTheDocument();
    expect(within(settings).queryByText('HSBC UK, account ending 90')).not.toBeInTheDocument();
  });

  it('shows a Direct Debit being collected as pending: owed, not in credit, not offered to pay again; the bank and last digits', async () => {
    stubBilling({
      account: {
        ...ACCOUNT,
        paymentMethodType: 'BACS_DEBIT',
        accountBalance: 10_268,
        outstandingAmount: 0,
        pendingPaymentAmount: 10_268,
      },
      mandates: [
        {
          type: 'BACS_DEBIT',
          mandateId: 'md_2',
          status: 'ACTIVE',
          bankName: 'Barclays',
          accountNumberEnding: '72',
        },
        {
          type: 'BACS_DEBIT',
          mandateId: 'md_1',
          status: 'CANCELLED',
          bankName: 'HSBC UK',
          accountNumberEnding: '90',
        },
      ],
    });
    renderTab();
    const settings = await screen.findByRole('complementary', { name: 'Payment settings' });
    expect(await within(settings).findByText('Barclays, account ending 72')).toBeInTheDocument();
    expect(within(settings).getByText('Direct Debit')).toBeInTheDocument();
    expect(within(settings).getByText('£102.68 to pay')).toBeInTheDocument();
    expect(within(settings).getByText('£102.68 (pending)')).toBeInTheDocument();
    expect(within(settings).getByText('Being collected')).toBeInTheDocument();
    expect(screen.queryByText(/in credit/)).not.toBeInTheDocument();
    expect(screen.queryByText('Nothing to pay')).not.toBeInTheDocument();
    const due = screen.getByRole('region', { name: 'Payment due' });
    expect(
      within(due).getByText(
        '£102.68 is being collected. It counts as paid once your bank has paid it.',
      ),
    ).toBeInTheDocument();
    expect(within(due).queryByText(/You owe/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('asks only for what is not already being collected', async () => {
    stubBilling({
      account: {
        ...ACCOUNT,
        accountBalance: 16_300,
        outstandingAmount: 8_150,
        pendingPaymentAmount: 8_150,
      },
    });
    renderTab();
    const due = await screen.findByRole('region', { name: 'Payment due' });
    expect(within(due).getByText('You owe £81.50.')).toBeInTheDocument();
    expect(
      within(due).getByText(
        '£81.50 is being collected. It counts as paid once your bank has paid it.',
      ),
    ).toBeInTheDocument();
    expect(within(due).getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
  });

  it('shows a refund on its way as pending, the credit still the customer’s', async () => {
    stubBilling({
      account: { ...ACCOUNT, accountBalance: -9_499, pendingRefundAmount: 9_499 },
    });
    renderTab();
    const settings = await screen.findByRole('complementary', { name: 'Payment settings' });
    expect(await within(settings).findByText('£94.99 in credit')).toBeInTheDocument();
    expect(within(settings).getByText('Refund on its way')).toBeInTheDocument();
    expect(within(settings).getByText('£94.99 (pending)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment due' })).not.toBeInTheDocument();
  });

  it('opens a statement with its line items, and the estimate as a draft without an icon', async () => {
    const user = userEvent.setup();
    stubBilling();
    renderTab();
    await user.click(
      await screen.findByRole('button', { name: 'View statement BMW-FLX-000123-3' }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Statement BMW-FLX-000123-3' });
    const table = await within(modal).findByRole('table', { name: 'Line items' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Monthly instalment')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('23 January 2027 to 23 February 2027')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('£81.50')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Payment')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Card')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-£81.50')).toBeInTheDocument();
    expect(within(modal).getByRole('img', { name: 'Pending' })).toHaveAttribute(
      'data-icon',
      'clock',
    );
    // The pending payment has the clock too, and is not counted: brought forward £0.00 +
    // subtotal £81.50 = carried forward £81.50, exactly as displayed.
    expect(rows[1]!.querySelector('[data-icon="clock"]')).not.toBeNull();
    const figures = within(modal)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(figures.slice(0, 3)).toEqual([
      'Brought forward £0.00',
      'Subtotal £81.50',
      'Carried forward £81.50',
    ]);
    expect(
      within(modal).getByText(
        'Payments and refunds marked Pending are not counted until they have cleared.',
      ),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'View next bill estimate' }));
    const draft = await screen.findByRole('dialog', { name: 'Next bill estimate' });
    expect(within(draft).getByText('Estimate')).toBeInTheDocument();
    expect(within(draft).queryByRole('img')).not.toBeInTheDocument();
  });

  it('warns of a failed payment and a suspended account, and offers the customer a card checkout', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      pathname: '/flex/policy/pol_1/billing',
    });
    const sent = stubBilling({
      account: { ...ACCOUNT, accountStatus: 'SUSPENDED', outstandingAmount: 8_150 },
      statements: [STATEMENTS[1]!, STATEMENTS[2]!],
      onWrite: () =>
        jsonResponse(201, {
          sessionId: 'cs_1',
          url: '/sandbox/card/checkout/cs_1',
          amountPence: 8_150,
        }),
    });
    renderTab();
    expect(await screen.findByText('Your last payment failed')).toBeInTheDocument();
    expect(screen.getByText('Your account is suspended')).toBeInTheDocument();
    const due = screen.getByRole('region', { name: 'Payment due' });
    expect(within(due).getByText('You owe £81.50.')).toBeInTheDocument();
    await user.click(within(due).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/card/checkout/cs_1'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/stripe/settle/acc_1',
        body: {
          successPath: '/flex/policy/pol_1/billing',
          cancelPath: '/flex/policy/pol_1/billing',
          lineItem: { name: 'Outstanding balance BMW-FLX-000123' },
          locale: 'en-GB',
          saveCard: false,
        },
      },
    ]);
  });

  it('hides the payment settings when the scheme hides the billing sidebar', async () => {
    flexScheme().hideBillingSidebar = true;
    stubBilling();
    renderTab();
    expect(await screen.findByRole('region', { name: 'Latest statement' })).toBeInTheDocument();
    expect(
      screen.queryByRole('complementary', { name: 'Payment settings' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change card' })).not.toBeInTheDocument();
  });

  it('changes the card on the card provider’s set-up page, back to the billing tab', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const sent = stubBilling({
      onWrite: () => jsonResponse(201, { sessionId: 'cs_9', url: '/sandbox/card/setup/cs_9' }),
    });
    renderTab();
    const settings = await screen.findByRole('complementary', { name: 'Payment settings' });
    await user.click(within(settings).getByRole('button', { name: 'Change card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/card/setup/cs_9'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/stripe/setup',
        body: {
          clientReference: 'BMW-FLX-000123',
          successPath: '/flex/policy/pol_1/billing?payment_method=card_saved',
          cancelPath: '/flex/policy/pol_1/billing',
        },
      },
    ]);
  });

  it('changes the Direct Debit on the provider’s mandate page and completes it once on return', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const sent = stubBilling({
      account: { ...ACCOUNT, paymentMethodType: 'BACS_DEBIT' },
      onWrite: (write) =>
        write.path === '/goCardless/flows'
          ? jsonResponse(201, { flowId: 'RF1', redirectUrl: '/sandbox/direct-debit/RF1' })
          : jsonResponse(201, { bankName: 'Lloyds', accountNumberEnding: '72' }),
    });
    renderTab();
    const settings = await screen.findByRole('complementary', { name: 'Payment settings' });
    await user.click(within(settings).getByRole('button', { name: 'Change Direct Debit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/direct-debit/RF1'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/goCardless/flows',
        body: {
          mandateDescription: expect.stringMatching(/ monthly payments$/),
          successUrl: '/flex/policy/pol_1/billing',
        },
      },
    ]);
    // Back from the provider's page.
    cleanup();
    const router = renderTab(signedInAuthState, '?redirect_flow_id=RF1');
    expect(
      await screen.findByText(
        "Your new Direct Debit is set up. We'll collect your next payments with it.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const completions = sent.filter((write) => write.path === '/goCardless/mandates');
    expect(completions).toEqual([
      { method: 'POST', path: '/goCardless/mandates', body: { redirectFlowId: 'RF1' } },
    ]);
  });

  it('says a new card is saved when the set-up page sends the customer back', async () => {
    stubBilling();
    const router = renderTab(signedInAuthState, '?payment_method=card_saved&session_id=cs_9');
    expect(
      await screen.findByText("Your new card is saved. We'll take your next payments from it."),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('payment day (staff)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    brandFeatures.allowModifyBillingDay = true;
  });

  it('confirm is disabled while empty or above 28; an unchanged day sends nothing; a new one is sent', async () => {
    const user = userEvent.setup();
    const sent = stubBilling({
      onWrite: (write) =>
        jsonResponse(200, {
          ...ACCOUNT,
          paymentDay: (write.body as { paymentDay: number }).paymentDay,
        }),
    });
    renderTab(staff);
    await user.click(await screen.findByRole('button', { name: 'Change payment day' }));
    const modal = await screen.findByRole('dialog', { name: 'Change payment day' });
    const input = within(modal).getByRole('spinbutton', { name: 'Payment day' });
    const confirm = within(modal).getByRole('button', { name: 'Confirm' });
    expect(input).toHaveValue(12);
    expect(confirm).toBeEnabled();
    await user.clear(input);
    expect(confirm).toBeDisabled();
    await user.type(input, '29');
    expect(confirm).toBeDisabled();
    expect(within(modal).getByText('Enter a payment day from 1 to 28')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '0');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, '28');
    expect(confirm).toBeEnabled();
    // The same day again: the modal closes and nothing is sent.
    await user.clear(input);
    await user.type(input, '12');
    await user.click(confirm);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change payment day' })).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Change payment day' }));
    const again = await screen.findByRole('dialog', { name: 'Change payment day' });
    const field = within(again).getByRole('spinbutton', { name: 'Payment day' });
    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The payment day is now day 5 of each month.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/customerAccounts/acc_1/paymentDay',
        body: { policyId: 'pol_1', paymentDay: 5 },
      },
    ]);
  });

  it('shows the server’s refusal in the modal', async () => {
    const user = userEvent.setup();
    stubBilling({
      onWrite: () =>
        jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message: 'The payment day cannot be changed while the account is suspended.',
          },
        }),
    });
    renderTab(staff);
    await user.click(await screen.findByRole('button', { name: 'Change payment day' }));
    const modal = await screen.findByRole('dialog', { name: 'Change payment day' });
    const input = within(modal).getByRole('spinbutton', { name: 'Payment day' });
    await user.clear(input);
    await user.type(input, '3');
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'The payment day cannot be changed while the account is suspended.',
    );
  });

  it('is not offered to staff when the account is suspended or the brand does not allow it', async () => {
    stubBilling({ account: { ...ACCOUNT, accountStatus: 'SUSPENDED' } });
    renderTab(staff);
    expect(
      await screen.findByRole('complementary', { name: 'Payment settings' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change payment day' })).not.toBeInTheDocument();
    cleanup();
    brandFeatures.allowModifyBillingDay = false;
    stubBilling();
    renderTab(staff);
    expect(
      await screen.findByRole('complementary', { name: 'Payment settings' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change payment day' })).not.toBeInTheDocument();
  });
});
