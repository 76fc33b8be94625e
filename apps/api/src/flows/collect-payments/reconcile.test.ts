// The independent auditor (issue 30 item 9): policies bought through the calls the browser makes
// (quote, the sandbox card and mandate pages, signed webhooks, bind), then one thing on the
// provider's side made to differ from the ledger by the sandbox's own controls, never by ledger
// rows: the reconciliation finds exactly that, and nothing on a clean book.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationFindingsResponse } from '@motor/contract';
import { reconciliationFindings } from '../../db/schema';
import type { SandboxCardPayments, SandboxDelivery } from '../../providers/card-payments';
import {
  SANDBOX_GOOD_BANK,
  SANDBOX_GOOD_CARD as CARD,
  setUpSandboxMandate,
} from '../../test/sandbox-payments';
import { computeAmountDueAtBind } from '../../modules/policy';
import { createQuote } from '../../test/quotes';
import { useTestApp } from '../../test/use-test-app';
import { reconcilePayments, reconcilePaymentsJob } from './reconcile';

const MINUTE = 60_000;
const DAY = 86_400_000;
const START = '2026-03-05T10:00:00.000Z';
const FAILING_BANK = { ...SANDBOX_GOOD_BANK, accountHolderName: 'Fail Payment' };

describe('the reconciliation of providers, ledger and cover', () => {
  const suite = useTestApp({ at: START, assertLedgerBalanced: true });
  const { clock } = suite;
  let sandbox: SandboxCardPayments;

  beforeAll(async () => {
    sandbox = suite.app.providers.cardPayments as SandboxCardPayments;
  });

  /** A flex quote's card checkout as the checkout page starts it. */
  async function startCardCheckout(userId: string) {
    const headers = await suite.customer(userId);
    const quote = await createQuote(suite.app, headers);
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${quote.proposalCode}`,
      headers,
      payload: {
        saveCard: true,
        successPath: '/checkout/callback',
        cancelPath: '/checkout',
        paymentMethodType: 'CARD',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json() as { sessionId: string; url: string; amountPence: number };
    return { headers, proposalCode: quote.proposalCode, session };
  }

  const deliver = (delivery: SandboxDelivery) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/webhooks/card',
      headers: delivery.headers,
      payload: delivery.body,
    });

  const policyStatusOf = async (headers: Record<string, string>, proposalCode: string) =>
    (
      await suite.app.inject({ method: 'GET', url: `/api/proposals/${proposalCode}`, headers })
    ).json().status as string;

  const readFindings = (headers: Record<string, string>) =>
    suite.app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers });

  it('is a daily job at a quiet hour', () => {
    expect(reconcilePaymentsJob).toMatchObject({
      kind: 'reconcile-payments',
      schedule: '30 2 * * *',
    });
  });

  it('finds nothing on a clean book, money taken with no webhook, then cover unpaid past the NTU window', async () => {
    // A card purchase on the sandbox's hosted page (its webhook binds), and a Direct Debit one on
    // a bank whose collections fail: a clean book.
    const paid = await startCardCheckout('audit-card');
    const page = await suite.app.inject({
      method: 'POST',
      url: paid.session.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(CARD).toString(),
    });
    expect(page.statusCode, page.body).toBe(303);
    expect(await policyStatusOf(paid.headers, paid.proposalCode)).toBe('POLICY');
    const ddHeaders = await suite.customer('audit-dd');
    const ddQuote = await createQuote(suite.app, ddHeaders);
    await setUpSandboxMandate(suite.app, ddHeaders, FAILING_BANK);
    const code = ddQuote.proposalCode;
    await suite.app.inject({
      method: 'POST',
      url: `/api/proposals/${code}/account`,
      headers: ddHeaders,
    });
    const bound = await suite.app.inject({
      method: 'POST',
      url: `/api/proposals/${code}/bind`,
      headers: ddHeaders,
      payload: { paymentMethodType: 'BACS_DEBIT' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const { policyId, policyNumber } = bound.json() as { policyId: string; policyNumber: string };
    expect(await reconcilePayments(suite.app)).toEqual([]);

    // The provider charges a card whose webhook never arrives: money taken, not posted.
    clock.advance(MINUTE);
    const lost = await startCardCheckout('audit-lost-webhook');
    const outcome = await sandbox.submitCard({
      providerSessionId: lost.session.sessionId,
      card: CARD,
      now: clock.now(),
    });
    if (outcome.kind !== 'COMPLETED') throw new Error(outcome.kind);
    expect(await policyStatusOf(lost.headers, lost.proposalCode)).toBe('QUOTE');
    const { providerPaymentId } = (await sandbox.getSession(lost.session.sessionId))!;
    expect(await reconcilePayments(suite.app)).toEqual([
      {
        kind: 'PROVIDER_ONLY',
        providerPaymentId,
        provider: 'CARD',
        accountId: null,
        providerAmountPence: lost.session.amountPence,
        ledgerAmountPence: null,
      },
    ]);

    // The webhook arrives late: the ledger holds it, and the next run resolves the finding.
    clock.advance(MINUTE);
    expect((await deliver(outcome.deliveries[0]!)).statusCode).toBe(200);
    expect(await reconcilePayments(suite.app)).toEqual([]);
    const [resolved] = await suite.app.db.select().from(reconciliationFindings);
    expect(resolved).toMatchObject({
      kind: 'PROVIDER_ONLY',
      foundAt: new Date(clock.now().getTime() - MINUTE),
      resolvedAt: clock.now(),
    });

    // Money taken with no webhook and all paid back by the provider is no difference.
    const refunded = await startCardCheckout('audit-refunded');
    await sandbox.submitCard({
      providerSessionId: refunded.session.sessionId,
      card: CARD,
      now: clock.now(),
    });
    const refundedPayment = (await sandbox.getSession(refunded.session.sessionId))!;
    const refund = await sandbox.refundPayment({
      reference: `audit-refund:${refunded.proposalCode}`,
      providerPaymentId: refundedPayment.providerPaymentId!,
      amountPence: refunded.session.amountPence,
    });
    expect(refund.status).toBe('PAID');
    expect(await reconcilePayments(suite.app)).toEqual([]);

    // The failing bank's first collection fails at the provider; no webhook says so and no job
    // makes the policy NTU: past NTU_AFTER_DAYS the daily job finds cover with no settled payment.
    clock.advance((suite.app.config.ntuAfterDays + 1) * DAY);
    // The only Direct Debit of the book: its first payment, asked for at bind.
    expect(await suite.app.providers.directDebit.listCollections({ now: clock.now() })).toEqual([
      expect.objectContaining({
        status: 'FAILED',
        amountPence: computeAmountDueAtBind(ddQuote.quote).totalPence,
      }),
    ]);
    await reconcilePaymentsJob.run(suite.app, {});
    // Staff read it with its policy, its customer and the last run's time; nobody else may.
    const staff = await readFindings(await suite.staff(['access:operations']));
    expect(staff.statusCode, staff.body).toBe(200);
    const body = staff.json() as ReconciliationFindingsResponse;
    expect(body).toEqual({
      lastRunAt: clock.now().toISOString(),
      now: clock.now().toISOString(),
      findings: [
        {
          id: expect.any(String),
          kind: 'COVER_UNPAID',
          providerPaymentId: policyId,
          provider: null,
          accountId: expect.any(String),
          accountCode: policyNumber,
          customerUserId: 'audit-dd',
          policyId,
          providerAmountPence: null,
          ledgerAmountPence: null,
          foundAt: clock.now().toISOString(),
          seenAt: clock.now().toISOString(),
        },
      ],
    });
    const customer = await suite.customer('audit-dd');
    expect((await readFindings(customer)).statusCode).toBe(403);
    expect((await readFindings({})).statusCode).toBe(401);
  }, 300_000);
});
