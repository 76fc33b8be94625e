import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { json, makeProposal, renderCheckout, stubRoutes } from './test/fixtures';

const PROPOSAL = 'GET /api/proposals/QX7';
const STATUS = 'GET /api/goCardless/bank-payments/BRQ1';
const RETURN = '/flex/proposal/QX7/checkout/bank-callback?bank_payment_id=BRQ1';

const bankStatus = (status: 'PENDING' | 'PAID' | 'FAILED') =>
  json(200, { bankPaymentId: 'BRQ1', status, proposalCode: 'QX7', amountPence: 1000 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const STUCK =
  'We have still not had the confirmation of your payment. Please do not pay again: if the money has left your account, we will set up your policy and e-mail you, or contact you if we cannot. If you need cover today, chat with us.';

describe('the bank return page (pay by bank, issue 35 item 4)', () => {
  it('waits for the bank to confirm, then shows the success page', async () => {
    let paid = false;
    const calls = stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ status: paid ? 'POLICY' : 'QUOTE' })),
      [STATUS]: () => bankStatus(paid ? 'PAID' : 'PENDING'),
    });
    renderCheckout(RETURN);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Waiting for your bank to confirm…' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your bank is confirming your payment. This usually takes a few seconds. Your policy starts as soon as it is confirmed.',
      ),
    ).toBeInTheDocument();
    // Coming back binds nothing: the page only reads where the payment stands.
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
    paid = true;
    expect(
      await screen.findByRole('heading', { name: "You're insured" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/checkout$/);
    expect(calls.some((call) => call.path.endsWith('/bind'))).toBe(false);
  });

  it('goes back to checkout, saying so, when the payment did not go through', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal()),
      'GET /api/goCardless/mandates': () => json(200, []),
      [STATUS]: () => bankStatus('FAILED'),
    });
    renderCheckout(RETURN);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your bank payment did not go through. No money has been taken. Try again, or choose another way to pay.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/flex/proposal/QX7/checkout?context=BANK&bank=failed',
      ),
    );
    expect(screen.getByRole('radio', { name: 'Pay by bank' })).toBeChecked();
  });

  // A payment the bank confirmed that binds nothing (an amount staff must check) used to leave the
  // customer on a spinner for ever.
  it('after two minutes without a policy says not to pay again, and offers the chat', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ status: 'QUOTE' })),
      [STATUS]: () => bankStatus('PAID'),
    });
    renderCheckout(RETURN);
    await screen.findByRole('heading', { level: 1, name: 'Waiting for your bank to confirm…' });
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(
      screen.getByText('This is taking longer than usual. You can safely stay on this page.'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100_000));
    expect(screen.getByText(STUCK)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
    // Still waiting: a late confirmation still takes the customer to their policy.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Waiting for your bank to confirm…',
    );
  });

  it('says at once when the bank paid but no policy was made, and offers the chat', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ status: 'QUOTE' })),
      [STATUS]: () => bankStatus('PAID'),
      'GET /api/proposals/QX7/unbound-payment': () => json(200, { amountPence: 4560 }),
    });
    renderCheckout(RETURN);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment is being refunded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We received your payment of £45.60, but we could not set up your policy: your quote expired, or the amount paid was not the price of your quote, before the payment reached us. We are refunding £45.60 in full to the way you paid and will e-mail you when it is on its way (refunds take 7 to 10 working days). Please do not pay again for this quote: get a new quote to buy your policy. If you need cover today, chat with us.',
    );
    expect(screen.getByRole('link', { name: 'Get a new quote' })).toHaveAttribute('href', '/flex');
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
  });

  it('without a bank payment id goes back to checkout', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal()),
      'GET /api/goCardless/mandates': () => json(200, []),
    });
    renderCheckout('/flex/proposal/QX7/checkout/bank-callback');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/flex\/proposal\/QX7\/checkout$/),
    );
  });
});
