import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, json, makeProposal, renderCheckout, signedIn, stubRoutes } from './test/fixtures';
import { redirectTo } from './redirect';
import { anonymousAuthState, type AuthState } from '../../lib/auth';
import { TestApp } from '../../test/render-app';

vi.mock('./redirect', () => ({ redirectTo: vi.fn() }));

const PROPOSAL = 'GET /api/proposals/QX7';
const MANDATES = 'GET /api/goCardless/mandates';
const barclays = { bankName: 'Barclays', accountNumberEnding: '12', status: 'ACTIVE' };

/** A flex proposal, no mandate until POST /api/goCardless/mandates completes the flow. */
function stubMandateReturn() {
  let mandates: unknown[] = [];
  return stubRoutes({
    [PROPOSAL]: () => json(200, makeProposal()),
    [MANDATES]: () => json(200, mandates),
    'POST /api/goCardless/mandates': () => {
      mandates = [barclays];
      return json(200, barclays);
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(redirectTo).mockClear();
});

describe('checkout page: card (driveaway-style single payment)', () => {
  it('PAY above 0p redirects a customer to the hosted card checkout', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () =>
        json(200, makeProposal({ schemeCode: 'bmw-driveaway', discountedPence: 1 })),
      'POST /api/stripe/checkout/proposal/QX7': () =>
        json(200, { sessionId: 'cs_1', url: '/sandbox/card/checkout/cs_1' }),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £0.01' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/sandbox/card/checkout/cs_1'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      saveCard: true,
      successPath: '/driveaway/proposal/QX7/checkout/callback',
      cancelPath: '/driveaway/proposal/QX7/checkout/payment-error',
      paymentMethodType: 'CARD',
    });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  // Spec 1 §4 (issue 13 item 10): a free quote needs no payment method, so a free driveaway
  // customer is never asked for a card: checkout binds it with no method at all.
  it('a free driveaway quote (0p) is bought without a card and without a payment method', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () =>
        json(200, makeProposal({ schemeCode: 'bmw-driveaway', discountedPence: 0 })),
      'GET /api/stripe/cards': () => json(200, []),
      'POST /api/proposals/QX7/bind': () =>
        json(200, { policyId: 'pol_1', policyNumber: 'P1', status: 'ACTIVE' }),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout');
    expect(await screen.findByText('Nothing to pay today')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a card' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy policy' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/proposals/QX7/bind')?.body).toEqual({}),
    );
    expect(
      calls.some((call) => call.method === 'POST' && call.path.startsWith('/api/stripe')),
    ).toBe(false);
  });

  // Spec 2 §4.3: nothing to pay by card and a card already saved is BIND by that card.
  it('a free quote with a saved card is bought by that card (BIND with CARD)', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () =>
        json(200, makeProposal({ schemeCode: 'bmw-driveaway', discountedPence: 0 })),
      'GET /api/stripe/cards': () => json(200, [{ cardId: 'pm_1', brand: 'visa', last4: '4242' }]),
      'POST /api/proposals/QX7/bind': () =>
        json(200, { policyId: 'pol_1', policyNumber: 'P1', status: 'ACTIVE' }),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout');
    expect(
      await screen.findByText('Your saved Visa card ending 4242 will be kept on this policy.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buy policy' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/proposals/QX7/bind')?.body).toEqual({
        paymentMethodType: 'CARD',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Add a card' })).not.toBeInTheDocument();
  });
});

describe('checkout page: an admin takes the first payment by phone (issue 31 item 5)', () => {
  const DRIVEAWAY = () =>
    json(200, makeProposal({ schemeCode: 'bmw-driveaway', discountedPence: 4599 }));

  async function openPhonePayment() {
    renderCheckout('/driveaway/proposal/QX7/checkout', admin);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £45.99' }));
    return screen.findByRole('dialog', { name: 'Take a payment by phone' });
  }

  it("takes the card provider's token, never a card number, and a date of birth typed, not pre-filled", async () => {
    const calls = stubRoutes({
      [PROPOSAL]: DRIVEAWAY,
      'POST /api/stripe/moto/checkout/proposal/QX7': () =>
        json(200, { status: 'SUCCEEDED', providerPaymentId: 'pi_1', amountPence: 4599 }),
    });
    const dialog = await openPhonePayment();
    // No card field on this page: the card is typed into the provider's form, in a new tab.
    expect(within(dialog).queryByLabelText(/card number/i)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/security code/i)).not.toBeInTheDocument();
    const cardForm = within(dialog).getByRole('link', {
      name: 'Open the card form (opens in a new tab)',
    });
    expect(cardForm).toHaveAttribute('href', '/sandbox/card/tokenize');
    expect(cardForm).toHaveAttribute('target', '_blank');
    const birth = within(dialog).getByLabelText("Policyholder's date of birth");
    expect(birth).toHaveValue('');
    const submit = within(dialog).getByRole('button', { name: 'Take payment of £45.99' });
    expect(submit).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText('Card token'), 'tok_abc123');
    await userEvent.type(within(dialog).getByLabelText("Cardholder's postcode"), 'sw1a 2aa');
    await userEvent.type(birth, '1990-05-18');
    expect(
      within(dialog).getByText("The date of birth does not match the policyholder's"),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await userEvent.clear(birth);
    await userEvent.type(birth, '1990-05-17');
    await userEvent.click(submit);
    expect(
      await within(dialog).findByText('Payment taken. The policy is set up.'),
    ).toBeInTheDocument();
    const moto = calls.find((call) => call.path.startsWith('/api/stripe/moto'));
    expect(moto?.body).toEqual({
      token: 'tok_abc123',
      postalCode: 'SW1A 2AA',
      dateOfBirth: '1990-05-17',
      saveCard: true,
      paymentMethodType: 'CARD',
    });
    expect(calls.some((call) => call.path.startsWith('/sandbox'))).toBe(false);
  });

  it('a declined card shows the reason and keeps the form', async () => {
    stubRoutes({
      [PROPOSAL]: DRIVEAWAY,
      'POST /api/stripe/moto/checkout/proposal/QX7': () =>
        json(402, { error: { code: 'PAYMENT_REQUIRED', message: 'Your card was declined.' } }),
    });
    const dialog = await openPhonePayment();
    await userEvent.type(within(dialog).getByLabelText('Card token'), 'tok_declined');
    await userEvent.type(within(dialog).getByLabelText("Cardholder's postcode"), 'SW1A 2AA');
    await userEvent.type(
      within(dialog).getByLabelText("Policyholder's date of birth"),
      '1990-05-17',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take payment of £45.99' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(within(dialog).getByLabelText('Card token')).toBeInTheDocument();
  });
});

describe('checkout page: flex monthly is DUAL (direct debit plus a card deposit)', () => {
  it('starts with DUAL for flex and disables pay until a mandate exists', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 12000 })),
      [MANDATES]: () => json(200, []),
      'POST /api/goCardless/flows': () =>
        json(200, { redirectUrl: '/sandbox/direct-debit/RE1', flowId: 'RE1' }),
    });
    renderCheckout('/flex/proposal/QX7/checkout');
    expect(await screen.findByText('Direct Debit and card')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay £10.00 by card' })).toBeDisabled();
    expect(screen.getByText('Add a Direct Debit before you continue.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a Direct Debit' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/sandbox/direct-debit/RE1'));
    const flow = calls.find((call) => call.path === '/api/goCardless/flows');
    expect(flow?.body).toEqual({
      mandateDescription: 'Monthly payments for your BMW Insurance policy',
      successUrl: '/flex/proposal/QX7/checkout?context=DUAL',
      proposalCode: 'QX7',
    });
  });

  it('with the loyalty discount, takes the first month in full and says the 7th on is £40.00 less', async () => {
    const loyal = makeProposal({ discountedPence: 120000 });
    loyal.promoCode = 'flex-loyalty';
    loyal.quote.promotionMonthlyDiscountPence = 4000;
    loyal.quote.promotionFromInstalment = 7;
    loyal.quote.totals.discounted = 120000 - 6 * 4000;
    stubRoutes({ [PROPOSAL]: () => json(200, loyal), [MANDATES]: () => json(200, []) });
    renderCheckout('/flex/proposal/QX7/checkout');
    expect(await screen.findByRole('button', { name: 'Pay £100.00 by card' })).toBeDisabled();
    expect(
      screen.getByText('Then 5 monthly payments of £100.00, and 6 of £60.00 from your 7th month'),
    ).toBeInTheDocument();
  });

  it('shows the redacted mandate and pays the deposit by card above 1p', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 2 })),
      [MANDATES]: () => json(200, [barclays]),
      'POST /api/stripe/checkout/proposal/QX7': () =>
        json(200, { sessionId: 'cs_2', url: '/sandbox/card/checkout/cs_2' }),
    });
    renderCheckout('/flex/proposal/QX7/checkout');
    expect(
      await screen.findByText('Direct Debit from Barclays, account ending 12'),
    ).toBeInTheDocument();
    expect(screen.getByText('Barclays account ending ••12')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay £0.01 by card' });
    expect(pay).toBeEnabled();
    await userEvent.click(pay);
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/sandbox/card/checkout/cs_2'));
    // The card pays the deposit only; the policy is paid by Direct Debit from then on.
    expect(calls.find((call) => call.path.startsWith('/api/stripe'))?.body).toMatchObject({
      saveCard: false,
      paymentMethodType: 'BACS_DEBIT',
    });
  });

  it('?context=DIRECT_DEBIT pays the deposit from the mandate: bind with BACS_DEBIT', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 12000 })),
      [MANDATES]: () => json(200, [barclays]),
      'POST /api/proposals/QX7/bind': () =>
        json(200, { policyId: 'pol_1', policyNumber: 'P1', status: 'ACTIVE' }),
    });
    renderCheckout('/flex/proposal/QX7/checkout?context=DIRECT_DEBIT');
    expect(
      await screen.findByText('Direct Debit', { selector: '.checkout-method__name' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Pay £10.00 by Direct Debit' }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/proposals/QX7/bind')?.body).toEqual({
        paymentMethodType: 'BACS_DEBIT',
      }),
    );
    expect(calls.some((call) => call.path.startsWith('/api/stripe'))).toBe(false);
  });

  it('a checkout refused for agreements not accepted shows the server message and takes nothing', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 2 })),
      [MANDATES]: () => json(200, [barclays]),
      'POST /api/stripe/checkout/proposal/QX7': () =>
        json(409, {
          error: {
            code: 'CONFLICT',
            message:
              'Check your quote and accept the agreements on the summary page before you pay.',
            details: { reason: 'AGREEMENTS_REQUIRED', missing: ['termsAgreed'] },
          },
        }),
    });
    const { router } = renderCheckout('/flex/proposal/QX7/checkout');
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    const dialog = await screen.findByRole('dialog', { name: 'We could not do that' });
    expect(dialog).toHaveTextContent(
      'Check your quote and accept the agreements on the summary page before you pay.',
    );
    expect(redirectTo).not.toHaveBeenCalled();
    // ... and it takes the customer back to "Check your quote", where the agreements are.
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/QX7/summary'));
  });

  it("a refused bind shows the server's message", async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 1 })),
      [MANDATES]: () => json(200, [barclays]),
      'POST /api/proposals/QX7/bind': () =>
        json(402, {
          error: { code: 'PAYMENT_REQUIRED', message: 'Set up a Direct Debit first.' },
        }),
    });
    renderCheckout('/flex/proposal/QX7/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Buy policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'We could not do that' });
    expect(dialog).toHaveTextContent('Set up a Direct Debit first.');
    expect(screen.getByRole('button', { name: 'Buy policy' })).toBeEnabled();
  });

  it('binds with BACS_DEBIT at 1p or less (no deposit)', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 1 })),
      [MANDATES]: () => json(200, [barclays]),
      'POST /api/proposals/QX7/bind': () =>
        json(200, { policyId: 'pol_1', policyNumber: 'P1', status: 'ACTIVE' }),
    });
    renderCheckout('/flex/proposal/QX7/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Buy policy' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/proposals/QX7/bind')?.body).toEqual({
        paymentMethodType: 'BACS_DEBIT',
      }),
    );
  });

  it('completes the mandate flow it comes back from (?redirect_flow_id=)', async () => {
    const calls = stubMandateReturn();
    renderCheckout('/flex/proposal/QX7/checkout?context=DUAL&redirect_flow_id=RE1');
    expect(await screen.findByText('Barclays account ending ••12')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ redirectFlowId: 'RE1' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/flex/proposal/QX7/checkout?context=DUAL',
      ),
    );
  });

  it("shows the new mandate when the list's first fetch read the list before the mandate existed", async () => {
    // The page lists mandates and completes the flow at once: the first list is read before the
    // mandate exists and answers after it does. (Refetching by invalidation alone reused that
    // fetch, and the page kept offering "Add a Direct Debit": a flaky checkout journey.)
    let mandates: unknown[] = [];
    let firstListRead = () => {};
    const firstListIsRead = new Promise<void>((resolve) => (firstListRead = resolve));
    let answerFirstList = () => {};
    const firstListMayAnswer = new Promise<void>((resolve) => {
      answerFirstList = resolve;
      setTimeout(resolve, 300);
    });
    let lists = 0;
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal()),
      [MANDATES]: async () => {
        const read = mandates;
        lists += 1;
        if (lists === 1) {
          firstListRead();
          await firstListMayAnswer;
        } else {
          answerFirstList();
        }
        return json(200, read);
      },
      'POST /api/goCardless/mandates': async () => {
        await firstListIsRead;
        mandates = [barclays];
        return json(200, barclays);
      },
    });
    renderCheckout('/flex/proposal/QX7/checkout?context=DUAL&redirect_flow_id=RE1');
    expect(await screen.findByText('Barclays account ending ••12')).toBeInTheDocument();
  });

  it('back from the mandate page, waits for the session before sending anyone elsewhere', async () => {
    const calls = stubMandateReturn();
    const path = '/flex/proposal/QX7/checkout?context=DUAL&redirect_flow_id=RE1';
    const restoring: AuthState = {
      ...signedIn,
      isAuthenticated: false,
      user: null,
      isLoading: true,
    };
    const { rerender, router } = renderCheckout(path, restoring);
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/proposals/QX7')).toBe(true),
    );
    // The proposal is in, the session is not yet: no redirect to account set-up, no POST.
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    rerender(<TestApp router={router} authState={signedIn} />);
    expect(await screen.findByText('Barclays account ending ••12')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ redirectFlowId: 'RE1' });
  });
});

describe('checkout routes', () => {
  it('sends a visitor who is not signed in to account set-up first', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal()),
      'POST /api/policyholder/validateAccount': () => json(200, { isValid: true }),
    });
    renderCheckout('/flex/proposal/QX7/checkout', anonymousAuthState);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/sign-in?returnTo=%2Fflex%2Fproposal%2FQX7%2Faccount-setup',
      ),
    );
  });

  it('sends a signed-in customer whose checks failed from the checkout address to the page that explains it', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () =>
        json(200, makeProposal({ schemeCode: 'bmw-driveaway', discountedPence: 0 })),
      'PUT /api/proposals/QX7/verify': () =>
        json(200, {
          isClear: false,
          checks: [
            { name: 'IDENTITY', result: 'CLEAR' },
            { name: 'MAX_DRIVEAWAY_POLICIES', result: 'CONSIDER' },
          ],
        }),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout');
    const dialog = await screen.findByRole('dialog', { name: 'We could not verify your details' });
    expect(dialog).toHaveTextContent(
      'You already have a Driveaway policy. There is one Driveaway policy per customer.',
    );
    expect(within(dialog).getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Set up your account' }),
    ).toBeInTheDocument();
    // No payment page was shown, and nothing was bought or created.
    expect(screen.queryByRole('button', { name: 'Buy policy' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the payment page to a customer whose checks are clear', async () => {
    stubRoutes({
      [PROPOSAL]: () =>
        json(200, makeProposal({ schemeCode: 'bmw-driveaway', discountedPence: 0 })),
      'PUT /api/proposals/QX7/verify': () =>
        json(200, { isClear: true, checks: [{ name: 'IDENTITY', result: 'CLEAR' }] }),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout');
    expect(await screen.findByRole('button', { name: 'Buy policy' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/driveaway/proposal/QX7/checkout');
  });

  it('shows the error view when the payment schedule is missing', async () => {
    stubRoutes({ [PROPOSAL]: () => json(200, makeProposal({ scheduleType: null })) });
    renderCheckout('/flex/proposal/QX7/checkout');
    expect(
      await screen.findByRole('heading', { name: 'Checkout is not available' }),
    ).toBeInTheDocument();
  });

  it('sends unknown sub-paths up one level', async () => {
    stubRoutes({ [PROPOSAL]: () => json(200, makeProposal()), [MANDATES]: () => json(200, []) });
    renderCheckout('/flex/proposal/QX7/checkout/nowhere');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/flex\/proposal\/QX7\/checkout$/),
    );
  });

  it('the payment-result error page tells the user to chat', async () => {
    stubRoutes({});
    renderCheckout('/flex/proposal/QX7/checkout/payment-error');
    expect(
      screen.getByRole('heading', { name: 'Your payment did not go through' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/chat with us/)).toBeInTheDocument();
  });

  it('the card return page waits for POLICY, then goes to the success page', async () => {
    let status: 'QUOTE' | 'POLICY' = 'QUOTE';
    stubRoutes({ [PROPOSAL]: () => json(200, makeProposal({ status })) });
    renderCheckout('/flex/proposal/QX7/checkout/callback?session_id=cs_1');
    expect(
      await screen.findByRole('heading', { name: 'Confirming your payment' }),
    ).toBeInTheDocument();
    status = 'POLICY';
    expect(
      await screen.findByRole('heading', { name: "You're insured" }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/checkout$/);
  });

  it('the card return page says at once when the payment came but made no policy', async () => {
    let unboundPence = 0;
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ status: 'QUOTE' })),
      'GET /api/proposals/QX7/unbound-payment': () => json(200, { amountPence: unboundPence }),
    });
    renderCheckout('/flex/proposal/QX7/checkout/callback?session_id=cs_1');
    expect(
      await screen.findByRole('heading', { name: 'Confirming your payment' }),
    ).toBeInTheDocument();
    // The webhook came, the quote had expired: the payment is refunded.
    unboundPence = 4560;
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your payment is being refunded' },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We received your payment of £45.60, but we could not set up your policy: your quote expired, or the amount paid was not the price of your quote, before the payment reached us. We are refunding £45.60 in full to the way you paid and will e-mail you when it is on its way (refunds take 7 to 10 working days). Please do not pay again for this quote: get a new quote to buy your policy. If you need cover today, chat with us.',
    );
    expect(screen.getByRole('link', { name: 'Get a new quote' })).toHaveAttribute('href', '/flex');
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
  });

  it('the card return page with no confirmation after two minutes says not to pay again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubRoutes({ [PROPOSAL]: () => json(200, makeProposal({ status: 'QUOTE' })) });
      renderCheckout('/flex/proposal/QX7/checkout/callback?session_id=cs_1');
      await screen.findByRole('heading', { name: 'Confirming your payment' });
      await act(() => vi.advanceTimersByTimeAsync(120_000));
      expect(
        screen.getByText(
          'We have still not had the confirmation of your payment. Please do not pay again: if the money has left your account, we will set up your policy and e-mail you, or contact you if we cannot. If you need cover today, chat with us.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the card return page after a card set-up binds with CARD', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () =>
        json(200, makeProposal({ schemeCode: 'bmw-driveaway', discountedPence: 0 })),
      'POST /api/proposals/QX7/bind': () => json(200, { policyId: 'pol_1' }),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout/callback?setup=1');
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/bind'))?.body).toEqual({
        paymentMethodType: 'CARD',
      }),
    );
  });
});

describe('checkout page: pay by bank (the first payment from the bank, issue 35 item 4)', () => {
  const BANK_START = 'POST /api/goCardless/bank-payments/proposal/QX7';

  it('offers Pay by bank beside Direct Debit and card, with no mandate to add first', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 12000 })),
      [MANDATES]: () => json(200, []),
      [BANK_START]: () =>
        json(201, {
          bankPaymentId: 'BRQ1',
          redirectUrl: '/sandbox/bank-payment/BRQ1',
          amountPence: 1000,
        }),
    });
    renderCheckout('/flex/proposal/QX7/checkout');
    const group = await screen.findByRole('group', { name: 'How would you like to pay?' });
    expect(within(group).getByRole('radio', { name: 'Direct Debit and card' })).toBeChecked();
    const bank = within(group).getByRole('radio', { name: 'Pay by bank' });
    expect(bank).toHaveAccessibleDescription(
      'First payment today straight from your bank, then monthly payments by Direct Debit from the same account.',
    );
    await userEvent.click(bank);
    expect(bank).toBeChecked();
    expect(screen.getByRole('region', { name: 'Pay by bank' })).toHaveTextContent(
      'You will approve the first payment in your bank. The same account pays the later months by Direct Debit, so you do not need to add a Direct Debit here.',
    );
    expect(screen.queryByRole('button', { name: 'Add a Direct Debit' })).not.toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay £10.00 by bank' });
    expect(pay).toBeEnabled();
    await userEvent.click(pay);
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/sandbox/bank-payment/BRQ1'));
    expect(
      calls.find((call) => call.path === '/api/goCardless/bank-payments/proposal/QX7')?.body,
    ).toEqual({
      successPath: '/flex/proposal/QX7/checkout/bank-callback',
      cancelPath: '/flex/proposal/QX7/checkout?context=BANK&bank=failed',
    });
    expect(calls.some((call) => call.path.startsWith('/api/stripe'))).toBe(false);
    expect(calls.some((call) => call.path.endsWith('/bind'))).toBe(false);
  });

  it('back from a bank payment that did not go through: says so and keeps every method', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 12000 })),
      [MANDATES]: () => json(200, []),
    });
    renderCheckout('/flex/proposal/QX7/checkout?context=BANK&bank=failed');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your bank payment did not go through. No money has been taken. Try again, or choose another way to pay.',
    );
    expect(screen.getByRole('radio', { name: 'Pay by bank' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Direct Debit and card' }));
    expect(await screen.findByRole('button', { name: 'Add a Direct Debit' })).toBeInTheDocument();
  });

  it("shows the server's refusal and sends nobody to the bank", async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 12000 })),
      [MANDATES]: () => json(200, []),
      [BANK_START]: () =>
        json(409, { error: { code: 'CONFLICT', message: 'This quote has expired.' } }),
    });
    renderCheckout('/flex/proposal/QX7/checkout?context=BANK');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £10.00 by bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'We could not do that' });
    expect(dialog).toHaveTextContent('This quote has expired.');
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('is not offered when there is no first payment to make', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 1 })),
      [MANDATES]: () => json(200, [barclays]),
    });
    renderCheckout('/flex/proposal/QX7/checkout?context=BANK');
    expect(await screen.findByRole('button', { name: 'Buy policy' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByText('Pay by bank')).not.toBeInTheDocument();
  });

  it('staff cannot approve a payment in the customer’s bank', async () => {
    const calls = stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ discountedPence: 12000 })),
      [MANDATES]: () => json(200, []),
    });
    renderCheckout('/flex/proposal/QX7/checkout?context=BANK', admin);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £10.00 by bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not authorised' });
    expect(dialog).toHaveTextContent('You are not authorised to perform this action.');
    expect(calls.some((call) => call.path.includes('bank-payments'))).toBe(false);
  });
});
