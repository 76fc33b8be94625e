import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type { CustomerAccountResponse } from '@motor/contract';
import type { AuthState } from '../../lib/auth';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { TestApp } from '../../test/render-app';
import { BillingTab } from './billing-tab';

// The admin settle (phone payment) modal (spec 3 §5 "Admin settle form", §8 settle errors, §9
// token validity 10 minutes; issue 16 item 6).

const ACCOUNT: CustomerAccountResponse = {
  accountId: 'acc_1',
  accountCode: 'BMW-FLX-000123',
  proposalCode: 'P-1',
  policyId: 'pol_1',
  paymentDay: 12,
  paymentMethodType: 'CARD',
  accountStatus: 'SUSPENDED',
  accountBalance: 8_150,
  outstandingAmount: 8_150,
  pendingPaymentAmount: 0,
  pendingRefundAmount: 0,
};
// The fixture policyholder's date of birth.
const BIRTH = '1985-06-15';

const staff: AuthState = {
  ...signedInAuthState,
  isAdmin: true,
  user: { userId: 'staff-1', username: 'agent@example.com' },
  permissions: ['access:impersonate'],
};

type Sent = { path: string; body: unknown };

function stubSettle(answer: () => Response) {
  const sent: Sent[] = [];
  stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    if (init?.method === 'POST') {
      sent.push({ path, body: JSON.parse(String(init.body)) });
      return answer();
    }
    if (path === '/customerAccounts?policyNumber=BMW-FLX-000123') {
      return jsonResponse(200, [ACCOUNT]);
    }
    if (path.endsWith('/statements') || path.endsWith('/nextStatementEstimate')) {
      return jsonResponse(200, []);
    }
    return jsonResponse(404, {});
  });
  return sent;
}

async function openModal() {
  const router = createMemoryRouter(
    [{ path: '/flex/policy/:id/billing', element: <BillingTab policy={buildPolicy()} /> }],
    { initialEntries: ['/flex/policy/pol_1/billing'] },
  );
  render(<TestApp router={router} authState={staff} />);
  const user = userEvent.setup();
  // Staff have no card checkout: they take the payment by phone.
  expect(await screen.findByRole('button', { name: 'Take payment by phone' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Take payment by phone' }));
  const modal = await screen.findByRole('dialog', { name: 'Take a payment by phone' });
  const fields = {
    token: within(modal).getByLabelText('Card token'),
    postalCode: within(modal).getByLabelText("Cardholder's postcode"),
    dateOfBirth: within(modal).getByLabelText("Policyholder's date of birth"),
  };
  const submit = within(modal).getByRole('button', { name: 'Take payment' });
  return { user, modal, fields, submit };
}

async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  fields: Awaited<ReturnType<typeof openModal>>['fields'],
) {
  await user.type(fields.token, 'tok_abc123');
  await user.type(fields.postalCode, 'sw1a 1aa');
  await user.type(fields.dateOfBirth, BIRTH);
}

const refusal = (status: number, error: Record<string, unknown>) => () =>
  jsonResponse(status, { error: { code: 'PAYMENT_REQUIRED', ...error } });

describe('settle modal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('pastes the card token made in the card form, where the browser lets it read the clipboard', async () => {
    stubSettle(() => jsonResponse(500, {}));
    vi.spyOn(navigator, 'permissions', 'get').mockReturnValue({
      query: vi.fn().mockResolvedValue({ state: 'granted' }),
    } as unknown as Permissions);
    const { user, modal, fields } = await openModal();
    // user-event's clipboard stands in for the browser's: the token copied in the card form.
    await navigator.clipboard.writeText(' tok_pasted42 \n');
    const paste = await within(modal).findByRole('button', { name: 'Paste the card token' });
    expect(paste).toHaveAttribute('aria-controls', fields.token.id);
    await user.click(paste);
    await waitFor(() => expect(fields.token).toHaveValue('tok_pasted42'));
  });

  it('never pre-fills the date of birth; submit waits for a token, a postcode and the right date of birth', async () => {
    const sent = stubSettle(() =>
      jsonResponse(200, { status: 'SUCCEEDED', providerPaymentId: 'py_1', amountPence: 8_150 }),
    );
    const { user, modal, fields, submit } = await openModal();
    expect(within(modal).getByText(/Take £81\.50 by card/)).toBeInTheDocument();
    expect(fields.dateOfBirth).toHaveValue('');
    expect(submit).toBeDisabled();
    await user.type(fields.token, '4242424242424242');
    expect(within(modal).getByText('Enter the card token, like tok_abc123')).toBeInTheDocument();
    await user.clear(fields.token);
    await user.type(fields.token, 'tok_abc123');
    await user.type(fields.postalCode, 'sw1a 1aa');
    expect(fields.postalCode).toHaveValue('SW1A 1AA');
    await user.type(fields.dateOfBirth, '1990-01-01');
    expect(
      within(modal).getByText("The date of birth does not match the policyholder's"),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(fields.dateOfBirth);
    await user.type(fields.dateOfBirth, BIRTH);
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(
      await within(modal).findByText('Payment taken. The account is up to date.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        path: '/stripe/moto/settle/acc_1',
        body: {
          token: 'tok_abc123',
          postalCode: 'SW1A 1AA',
          dateOfBirth: BIRTH,
          country: 'GB',
          itemName: 'Outstanding balance BMW-FLX-000123',
        },
      },
    ]);
  });

  it('says when the balance was paid meanwhile and the phone payment is being refunded', async () => {
    stubSettle(() =>
      jsonResponse(200, {
        status: 'SUCCEEDED',
        providerPaymentId: 'py_2',
        amountPence: 8_150,
        refundPence: 8_150,
      }),
    );
    const { user, modal, fields, submit } = await openModal();
    await fillValid(user, fields);
    await user.click(submit);
    expect(
      await within(modal).findByText(
        'Payment taken, but the balance had already been paid while you were taking it. We are refunding £81.50 to the card: it reaches the customer in 7 to 10 working days, and they have been sent an e-mail about it.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    [
      '402 with a decline code: the server message and the code in brackets',
      refusal(402, {
        message: 'Your card was declined.',
        details: { declineCode: 'insufficient_funds' },
      }),
      'Your card was declined. (insufficient_funds)',
    ],
    [
      '402 without a code: the server message',
      refusal(402, { message: 'Your card was declined.' }),
      'Your card was declined.',
    ],
    [
      '400 of type timeout',
      refusal(400, { message: 'x', details: { type: 'timeout' } }),
      'The card token timed out after 10 minutes. Please generate a new one.',
    ],
    [
      '402 of type incomplete',
      refusal(402, { message: 'x', details: { type: 'incomplete' } }),
      'The payment was not completed. Please check the card details and try again.',
    ],
    [
      '402 without a message',
      refusal(402, {}),
      'Something went wrong and the payment was not taken. Please try again.',
    ],
    [
      'any other failure',
      () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } }),
      'Something went wrong and the payment was not taken. Please try again.',
    ],
  ])('shows a banner for %s', async (_name, answer, banner) => {
    stubSettle(answer);
    const { user, modal, fields, submit } = await openModal();
    await fillValid(user, fields);
    await user.click(submit);
    expect(await within(modal).findByRole('alert')).toHaveTextContent(banner);
    // The form stays for another try.
    expect(within(modal).getByRole('button', { name: 'Take payment' })).toBeInTheDocument();
  });

  it('empties the token when the server says it timed out (older than 10 minutes there)', async () => {
    stubSettle(refusal(400, { message: 'x', details: { type: 'timeout' } }));
    const { user, modal, fields, submit } = await openModal();
    await fillValid(user, fields);
    await user.click(submit);
    await within(modal).findByRole('alert');
    expect(fields.token).toHaveValue('');
    expect(fields.postalCode).not.toHaveValue('');
  });

  it('asks for a new token when the one entered is more than 10 minutes old, and sends nothing', async () => {
    const sent = stubSettle(() =>
      jsonResponse(200, { status: 'SUCCEEDED', providerPaymentId: 'py_1', amountPence: 8_150 }),
    );
    const { user, modal, fields, submit } = await openModal();
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    await fillValid(user, fields);
    clock.mockReturnValue(start + 10 * 60 * 1000 + 1);
    await user.click(submit);
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'The card token timed out after 10 minutes. Please generate a new one.',
    );
    expect(fields.token).toHaveValue('');
    expect(sent).toEqual([]);
    // A fresh token within 10 minutes goes through.
    await user.type(fields.token, 'tok_fresh99');
    clock.mockReturnValue(start + 10 * 60 * 1000 + 1 + 9 * 60 * 1000);
    await user.click(within(modal).getByRole('button', { name: 'Take payment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]!.body as { token: string }).token).toBe('tok_fresh99');
  });
});
