import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymousAuthState } from '../../lib/auth';
import { admin, json, makeProposal, renderCheckout, stubRoutes } from './test/fixtures';

const PROPOSAL = 'GET /api/proposals/QX7';
const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkout success page', () => {
  it('started: the subheader, continue home when signed in', async () => {
    stubRoutes({ [PROPOSAL]: () => json(200, makeProposal({ status: 'POLICY', startAt: past })) });
    renderCheckout('/flex/proposal/QX7/checkout');
    expect(await screen.findByRole('heading', { name: "You're insured" })).toBeInTheDocument();
    expect(
      screen.getByText('Your policy BMW-FLX-000123 is active. We have e-mailed your documents.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to home' })).toHaveAttribute('href', '/');
  });

  it('a Direct Debit purchase: says how much its first collection is and when', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ status: 'POLICY', startAt: past })),
      'GET /api/customerAccounts': () =>
        json(200, [
          {
            accountId: 'acc_1',
            accountCode: 'BMW-FLX-000123',
            proposalCode: 'QX7',
            policyId: 'pol_1',
            paymentDay: 5,
            paymentMethodType: 'BACS_DEBIT',
            accountStatus: 'ACTIVE',
            accountBalance: 0,
            outstandingAmount: 0,
            pendingPaymentAmount: 8499,
            pendingRefundAmount: 0,
            firstCollection: { amountPence: 8499, chargeDate: '2026-03-10' },
          },
        ]),
    });
    renderCheckout('/flex/proposal/QX7/checkout');
    expect(
      await screen.findByText(
        'Your first payment of £84.99 will be taken from your bank account by Direct Debit on 10 March 2026. There is nothing more to pay today.',
      ),
    ).toBeInTheDocument();
  });

  it('deferred start: says when it starts; anonymous visitors get sign-in', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ status: 'POLICY', startAt: future })),
    });
    renderCheckout('/flex/proposal/QX7/checkout', anonymousAuthState);
    expect(await screen.findByText(/^Your policy BMW-FLX-000123 starts on /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to see your policy' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2F',
    );
    expect(screen.queryByRole('link', { name: 'Continue to home' })).not.toBeInTheDocument();
  });

  it('shows the upsell card for a longer-term proposal still open', async () => {
    stubRoutes({
      [PROPOSAL]: () =>
        json(
          200,
          makeProposal({
            schemeCode: 'bmw-driveaway',
            status: 'POLICY',
            upsellProposal: { proposalCode: 'FLX9', schemeCode: 'bmw-flex', status: 'QUOTE' },
          }),
        ),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout');
    expect(await screen.findByRole('link', { name: 'View your Flex quote' })).toHaveAttribute(
      'href',
      '/flex/proposal/FLX9/upgrade',
    );
  });

  it('an expired linked quote opens its own page, to update its start date', async () => {
    stubRoutes({
      [PROPOSAL]: () =>
        json(
          200,
          makeProposal({
            schemeCode: 'bmw-driveaway',
            status: 'POLICY',
            upsellProposal: {
              proposalCode: 'FLX9',
              schemeCode: 'bmw-flex',
              status: 'QUOTE_EXPIRED',
            },
          }),
        ),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout');
    expect(await screen.findByRole('link', { name: 'View your Flex quote' })).toHaveAttribute(
      'href',
      '/flex/proposal/FLX9',
    );
  });

  it('after a Driveaway policy without a linked quote, offers a new Flex quote', async () => {
    stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ schemeCode: 'bmw-driveaway', status: 'POLICY' })),
    });
    renderCheckout('/driveaway/proposal/QX7/checkout');
    expect(await screen.findByRole('link', { name: 'Get a BMW Flex quote' })).toHaveAttribute(
      'href',
      '/flex',
    );
    expect(
      screen.getByText(
        'Your Driveaway cover lasts 5 days. Before it ends we will e-mail you a BMW Flex quote made from the details you gave us, for continuous monthly cover. Nothing is bought unless you choose to, and you can get a quote now if you prefer.',
      ),
    ).toBeInTheDocument();
  });

  it('no upsell card after a Flex policy', async () => {
    stubRoutes({ [PROPOSAL]: () => json(200, makeProposal({ status: 'POLICY' })) });
    renderCheckout('/flex/proposal/QX7/checkout');
    await screen.findByRole('heading', { name: "You're insured" });
    expect(screen.queryByText('Keep driving with BMW Flex')).not.toBeInTheDocument();
  });

  it('no upsell card once the longer-term proposal is a policy', async () => {
    stubRoutes({
      [PROPOSAL]: () =>
        json(
          200,
          makeProposal({
            status: 'POLICY',
            upsellProposal: { proposalCode: 'FLX9', schemeCode: 'bmw-flex', status: 'POLICY' },
          }),
        ),
    });
    renderCheckout('/flex/proposal/QX7/checkout');
    await screen.findByRole('heading', { name: "You're insured" });
    expect(screen.queryByRole('link', { name: 'View your Flex quote' })).not.toBeInTheDocument();
  });

  it.each([1, 6, 10])('feedback score %i is sent with the policy id and thanked', async (score) => {
    const calls = stubRoutes({
      [PROPOSAL]: () => json(200, makeProposal({ status: 'POLICY' })),
      'POST /api/insights/feedback': () => json(201, { id: 'fb_1' }),
    });
    renderCheckout('/flex/proposal/QX7/checkout');
    const submit = await screen.findByRole('button', { name: 'Send feedback' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: `${score} out of 10` }));
    if (score === 1)
      await userEvent.type(screen.getByLabelText('Tell us more (optional)'), ' Slow ');
    await userEvent.click(submit);
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === '/api/insights/feedback');
    expect(sent?.body).toEqual({
      type: 'bind',
      policyId: 'pol_1',
      rating: score,
      ...(score === 1 ? { comment: 'Slow' } : {}),
    });
  });

  it('offers ten scores and no survey to admins', async () => {
    stubRoutes({ [PROPOSAL]: () => json(200, makeProposal({ status: 'POLICY' })) });
    const { unmount } = renderCheckout('/flex/proposal/QX7/checkout');
    expect(await screen.findAllByRole('radio')).toHaveLength(10);
    unmount();
    renderCheckout('/flex/proposal/QX7/checkout', admin);
    await screen.findByRole('heading', { name: "You're insured" });
    await waitFor(() => expect(screen.queryByRole('radio')).not.toBeInTheDocument());
    expect(screen.queryByText('How easy was it to buy your policy?')).not.toBeInTheDocument();
  });
});
