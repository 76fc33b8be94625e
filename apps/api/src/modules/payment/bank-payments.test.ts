import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import {
  collections,
  customerAccounts,
  ledgerTransactions,
  paymentMethods,
  paymentSessions,
  policies,
  refundPayouts,
} from '../../db/schema';
import { payRefundsJob } from '../../flows/collect-payments/refunds';
import type { SandboxDirectDebit } from '../../providers/direct-debit';
import { useTestApp } from '../../test/use-test-app';
import { computeAmountDueAtBind } from '../policy/amounts';
import { createQuote } from '../../test/quotes';
import { BANK_PAYMENT_MESSAGES } from './bank-payments';
import { MANDATE_REQUIRED_MESSAGE, PAYMENT_REQUIRED_MESSAGE } from './methods';
import { payOnSandboxCardPage, SANDBOX_GOOD_BANK } from '../../test/sandbox-payments';
import { BAD_SIGNATURE_MESSAGE } from './webhooks';

// Issue 35 item 4: the first monthly payment by instant bank payment, with the Direct Debit
// mandate for later months set up in the same flow (ADR 045). The policy binds only when the
// provider's signed webhook says the payment was confirmed; the routes are called directly and
// out of order, as nobody's pages would.

const START = '2026-03-02T09:00:00.000Z';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const OWNER = 'bank-payer';

describe('instant bank payment of the first payment (sandbox provider)', () => {
  const suite = useTestApp({ at: START, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let headers: Record<string, string>;
  let stranger: Record<string, string>;
  let sandbox: SandboxDirectDebit;

  beforeAll(async () => {
    headers = await suite.customer(OWNER);
    stranger = await suite.customer('someone-else');
    sandbox = suite.app.providers.directDebit as SandboxDirectDebit;
  });

  const start = (code: string, as: Record<string, string> = headers) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/goCardless/bank-payments/proposal/${code}`,
      headers: as,
      payload: {
        successPath: `/flex/proposal/${code}/checkout/callback`,
        cancelPath: `/flex/proposal/${code}/checkout?context=BANK`,
      },
    });

  async function started(code: string, as = headers) {
    const res = await start(code, as);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { bankPaymentId: string; redirectUrl: string; amountPence: number };
  }

  const status = (bankPaymentId: string, as = headers) =>
    suite.app.inject({
      method: 'GET',
      url: `/api/goCardless/bank-payments/${bankPaymentId}`,
      headers: as,
    });

  const approve = (url: string, bank = SANDBOX_GOOD_BANK) =>
    suite.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams({ action: 'approve', ...bank }).toString(),
    });

  async function proposalStatus(code: string, as = headers) {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/proposals/${code}`,
      headers: as,
    });
    return (res.json() as ProposalResponse).status;
  }

  async function policiesOf(code: string) {
    return suite.app.db.select().from(policies).where(eq(policies.proposalCode, code));
  }

  async function paymentsOf(code: string) {
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.proposalCode, code));
    if (!account) return [];
    return suite.app.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.accountId, account.accountId),
          eq(ledgerTransactions.type, 'PAYMENT'),
        ),
      );
  }

  const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/webhooks/direct-debit',
      headers: delivery.headers,
      payload: delivery.body,
    });

  it('pays the first payment from the bank, sets up the mandate and binds on the confirmation', async () => {
    const quote = await createQuote(suite.app, headers);
    const code = quote.proposalCode;
    const session = await started(code);
    expect(session.amountPence).toBe(computeAmountDueAtBind(quote.quote).totalPence);
    expect(session.amountPence).toBeGreaterThan(0);
    expect(session.redirectUrl).toBe(`/sandbox/bank-payment/${session.bankPaymentId}`);

    const page = await suite.app.inject({ method: 'GET', url: session.redirectUrl });
    expect(page.statusCode).toBe(200);
    const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    expect(page.body).toContain(
      `<dd id="bank-payment-amount">${pounds.format(session.amountPence / 100)}</dd>`,
    );
    expect(page.body).toContain('<dd id="bank-payment-payee">BMW Insurance</dd>');
    expect(page.body).toContain('<label for="sortCode">Sort code</label>');
    expect(page.body).toContain('<button type="submit" name="action" value="approve">');
    expect((await status(session.bankPaymentId)).json()).toEqual({
      bankPaymentId: session.bankPaymentId,
      status: 'PENDING',
      proposalCode: code,
      amountPence: session.amountPence,
    });

    const approved = await approve(session.redirectUrl);
    expect(approved.statusCode, approved.body).toBe(303);
    expect(approved.headers.location).toBe(
      `http://localhost:3000/flex/proposal/${code}/checkout/callback?bank_payment_id=${session.bankPaymentId}`,
    );
    expect(await proposalStatus(code)).toBe('POLICY');
    expect((await status(session.bankPaymentId)).json()).toMatchObject({ status: 'PAID' });
    const mandates = await suite.app.inject({
      method: 'GET',
      url: '/api/goCardless/mandates',
      headers,
    });
    expect(mandates.json()).toEqual([
      expect.objectContaining({
        type: 'BACS_DEBIT',
        status: 'ACTIVE',
        bankName: 'Barclays',
        accountNumberEnding: '72',
      }),
    ]);
    // Cash received like a card payment: one settled collection and one posted payment.
    const paid = await suite.app.db
      .select()
      .from(collections)
      .where(eq(collections.proposalCode, code));
    expect(paid).toEqual([
      expect.objectContaining({
        provider: 'DIRECT_DEBIT',
        status: 'SETTLED',
        amountPence: session.amountPence,
      }),
    ]);
    const payments = await paymentsOf(code);
    expect(payments).toEqual([
      expect.objectContaining({
        subType: 'GOCARDLESS',
        status: 'POSTED',
        description: 'Instant bank payment',
        idempotencyKey: `payment:${paid[0]!.providerPaymentId}`,
      }),
    ]);
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.proposalCode, code));
    expect(account!.paymentMethodType).toBe('BACS_DEBIT');
    // The page is single use.
    expect((await approve(session.redirectUrl)).statusCode).toBe(404);
  });

  it('binds nothing before the signed confirmation: not on return, not by bind, not unsigned', async () => {
    // A customer with no mandate yet: a Direct Debit bind has nothing to collect with.
    const user = await suite.customer('bank-early');
    const quote = await createQuote(suite.app, user);
    const code = quote.proposalCode;
    const session = await started(code, user);
    // The customer approves in their bank, but the provider's webhooks have not come yet.
    const approved = await sandbox.approveBankPayment({
      flowId: session.bankPaymentId,
      account: SANDBOX_GOOD_BANK,
      now: clock.now(),
    });
    if (approved.kind !== 'APPROVED') throw new Error(approved.kind);
    expect((await status(session.bankPaymentId, user)).json()).toMatchObject({ status: 'PENDING' });
    for (const [paymentMethodType, message] of [
      ['BACS_DEBIT', MANDATE_REQUIRED_MESSAGE],
      ['CARD', PAYMENT_REQUIRED_MESSAGE],
    ] as const) {
      const bind = await suite.app.inject({
        method: 'POST',
        url: `/api/proposals/${code}/bind`,
        headers: user,
        payload: { paymentMethodType },
      });
      expect(bind.statusCode, bind.body).toBe(402);
      expect(bind.json().error.message).toBe(message);
    }
    // Unsigned, or signed and altered: refused, nothing stored.
    const [delivery] = approved.deliveries;
    const { 'sandbox-signature': _signature, ...unsignedHeaders } = delivery!.headers;
    const unsigned = await deliver({ body: delivery!.body, headers: unsignedHeaders });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toBe(BAD_SIGNATURE_MESSAGE);
    const altered = await deliver({
      ...delivery!,
      body: delivery!.body.replace('"BANK', '"XBANK'),
    });
    expect(altered.statusCode).toBe(400);
    expect(await proposalStatus(code, user)).toBe('QUOTE');
    expect(await policiesOf(code)).toHaveLength(0);
    expect(await paymentsOf(code)).toHaveLength(0);

    // The signed confirmation binds, once; replayed, it changes nothing.
    const first = await deliver(delivery!);
    expect(first.json()).toEqual({ received: 2, duplicates: 0 });
    expect(await proposalStatus(code, user)).toBe('POLICY');
    const replay = await deliver(delivery!);
    expect(replay.json()).toEqual({ received: 0, duplicates: 2 });
    expect(await policiesOf(code)).toHaveLength(1);
    expect(await paymentsOf(code)).toHaveLength(1);
  });

  it("refuses someone else's proposal and bank payment, and staff", async () => {
    const quote = await createQuote(suite.app, headers);
    const theirs = await start(quote.proposalCode, stranger);
    expect(theirs.statusCode).toBe(404);
    const session = await started(quote.proposalCode);
    const read = await status(session.bankPaymentId, stranger);
    expect(read.statusCode).toBe(404);
    expect(read.json().error.message).toBe(BANK_PAYMENT_MESSAGES.notFound);
    const admin = await suite.staff(['access:impersonate'], {
      userId: 'bank-agent',
      impersonate: OWNER,
    });
    expect((await start(quote.proposalCode, admin)).statusCode).toBe(403);
  });

  it('binds nothing when the customer cancels in their bank, and another method still pays', async () => {
    const quote = await createQuote(suite.app, headers);
    const code = quote.proposalCode;
    const session = await started(code);
    const cancelled = await suite.app.inject({
      method: 'POST',
      url: session.redirectUrl,
      headers: FORM,
      payload: new URLSearchParams({ action: 'cancel' }).toString(),
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(
      `http://localhost:3000/flex/proposal/${code}/checkout?context=BANK`,
    );
    expect((await status(session.bankPaymentId)).json()).toMatchObject({ status: 'FAILED' });
    expect(await proposalStatus(code)).toBe('QUOTE');
    const [sessionRow] = await suite.app.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.providerSessionId, session.bankPaymentId));
    expect(sessionRow!.status).toBe('FAILED');
    await payOnSandboxCardPage(suite.app, headers, code, { paymentMethodType: 'CARD' });
    expect(await proposalStatus(code)).toBe('POLICY');
  });

  it('binds nothing when the bank refuses the payment (account holder "Fail Payment")', async () => {
    const user = await suite.customer('bank-refused');
    const quote = await createQuote(suite.app, user);
    const code = quote.proposalCode;
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/goCardless/bank-payments/proposal/${code}`,
      headers: user,
      payload: { successPath: '/callback', cancelPath: '/checkout' },
    });
    const session = res.json() as { bankPaymentId: string; redirectUrl: string };
    const approved = await approve(session.redirectUrl, {
      ...SANDBOX_GOOD_BANK,
      accountHolderName: 'Fail Payment',
    });
    expect(approved.statusCode).toBe(303);
    const read = await status(session.bankPaymentId, user);
    expect(read.json()).toMatchObject({ status: 'FAILED' });
    expect(await policiesOf(code)).toHaveLength(0);
    const [collection] = await suite.app.db
      .select()
      .from(collections)
      .where(eq(collections.proposalCode, code));
    expect(collection).toMatchObject({
      status: 'FAILED',
      failureReason: 'The bank refused the payment (sandbox).',
    });
    const [mandates] = await suite.app.db
      .select({ n: count() })
      .from(paymentMethods)
      .where(eq(paymentMethods.ownerUserId, 'bank-refused'));
    expect(mandates!.n).toBe(0);
  });

  it('binds once when the first payment is paid twice; the second is kept on the account', async () => {
    const user = await suite.customer('bank-twice');
    const quote = await createQuote(suite.app, user);
    const code = quote.proposalCode;
    const open = async () => {
      const res = await suite.app.inject({
        method: 'POST',
        url: `/api/goCardless/bank-payments/proposal/${code}`,
        headers: user,
        payload: { successPath: '/callback', cancelPath: '/checkout' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { redirectUrl: string };
    };
    const [one, two] = [await open(), await open()];
    expect((await approve(one.redirectUrl)).statusCode).toBe(303);
    expect((await approve(two.redirectUrl)).statusCode).toBe(303);
    expect(await policiesOf(code)).toHaveLength(1);
    expect(await paymentsOf(code)).toHaveLength(2);
  });

  it('refuses to start on the bank for a quote that is already a policy', async () => {
    const quote = await createQuote(suite.app, headers);
    const session = await started(quote.proposalCode);
    expect((await approve(session.redirectUrl)).statusCode).toBe(303);
    const again = await start(quote.proposalCode);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This quote is already a policy.');
  });

  it('refunds an instant bank payment through the provider, to that payment', async () => {
    const user = await suite.customer('bank-refund');
    const quote = await createQuote(suite.app, user);
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/goCardless/bank-payments/proposal/${quote.proposalCode}`,
      headers: user,
      payload: { successPath: '/callback', cancelPath: '/checkout' },
    });
    const session = res.json() as { redirectUrl: string; amountPence: number };
    expect((await approve(session.redirectUrl)).statusCode).toBe(303);
    const [paid] = await suite.app.db
      .select()
      .from(collections)
      .where(eq(collections.proposalCode, quote.proposalCode));
    const [policy] = await policiesOf(quote.proposalCode);
    // Cancelled in cooling-off: everything taken comes back. (Last: the clock moves on.)
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: user,
      payload: { policyId: policy!.policyId, adjustmentType: 'CAN', reason: 'Price' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { adjustmentId } = created.json() as { adjustmentId: string };
    const committed = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${adjustmentId}/commit`,
      headers: user,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    clock.advance(15 * 60_000);
    await payRefundsJob.run(suite.app, {});
    const payouts = await suite.app.db
      .select({
        provider: refundPayouts.provider,
        providerPaymentId: refundPayouts.providerPaymentId,
        amountPence: refundPayouts.amountPence,
        status: refundPayouts.status,
      })
      .from(refundPayouts)
      .where(eq(refundPayouts.providerPaymentId, paid!.providerPaymentId));
    expect(payouts).toEqual([
      {
        provider: 'DIRECT_DEBIT',
        providerPaymentId: paid!.providerPaymentId,
        amountPence: session.amountPence,
        status: 'PAID',
      },
    ]);
    const atProvider = (await sandbox.listCollections({ now: clock.now() })).find(
      (record) => record.providerPaymentId === paid!.providerPaymentId,
    );
    expect(atProvider).toMatchObject({
      amountPence: session.amountPence,
      refundedPence: session.amountPence,
      status: 'SETTLED',
    });
  });
});
