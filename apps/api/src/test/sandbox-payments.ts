import { and, eq } from 'drizzle-orm';
import type { App } from '../app-types';
import { paymentMethods } from '../modules/payment/tables';
import type { SandboxDirectDebit } from '../providers/direct-debit';

// Test kit: a real Direct Debit mandate in the sandbox provider, set up the way a customer does it
// (the hosted mandate pages, then POST /api/goCardless/mandates), and a quote paid on the sandbox's
// hosted card page the way the checkout page sends the customer there. With the other API test kits
// under test/, not in modules/payment: suites of every module and flow buy through it.

export const SANDBOX_GOOD_BANK = {
  accountHolderName: 'Jo Bloggs',
  sortCode: '20-29-59',
  accountNumber: '63748472',
};

/** Sets up an ACTIVE mandate for the caller of `headers`; throws when any step is refused. */
export async function setUpSandboxMandate(
  app: App,
  headers: Record<string, string>,
  bank: typeof SANDBOX_GOOD_BANK = SANDBOX_GOOD_BANK,
): Promise<void> {
  const flow = await app.inject({
    method: 'POST',
    url: '/api/goCardless/flows',
    headers,
    payload: { mandateDescription: 'BMW Insurance monthly payments', successUrl: '/home' },
  });
  if (flow.statusCode !== 201) throw new Error(`mandate flow: ${flow.statusCode} ${flow.body}`);
  const { flowId, redirectUrl } = flow.json() as { flowId: string; redirectUrl: string };
  const form = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  await form(redirectUrl, bank);
  await form(`${redirectUrl}/confirm`, { action: 'confirm' });
  const created = await app.inject({
    method: 'POST',
    url: '/api/goCardless/mandates',
    headers,
    payload: { redirectFlowId: flowId },
  });
  if (created.statusCode !== 201) throw new Error(`mandate: ${created.statusCode} ${created.body}`);
}

/** A card the sandbox's hosted card page accepts. */
/**
 * The customer's bank cancels their ACTIVE mandate: the provider's signed MANDATE_CANCELLED event
 * is delivered to our webhook, as GoCardless would send it. Throws when there is no such mandate
 * or the webhook is refused.
 */
export async function cancelMandateAtBank(app: App, ownerUserId: string): Promise<void> {
  const [mandate] = await app.db
    .select({ providerReference: paymentMethods.providerReference })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.ownerUserId, ownerUserId),
        eq(paymentMethods.type, 'BACS_DEBIT'),
        eq(paymentMethods.status, 'ACTIVE'),
      ),
    );
  if (!mandate) throw new Error(`${ownerUserId} has no active mandate`);
  const sandbox = app.providers.directDebit as SandboxDirectDebit;
  const delivery = sandbox.signEvents(
    [
      {
        type: 'MANDATE_CANCELLED',
        eventId: `EV_bank_cancel_${mandate.providerReference}`,
        mandateId: mandate.providerReference,
      },
    ],
    app.clock.now(),
  );
  const webhook = await app.inject({
    method: 'POST',
    url: '/api/webhooks/direct-debit',
    headers: delivery.headers,
    payload: delivery.body,
  });
  if (webhook.statusCode !== 200) {
    throw new Error(`mandate webhook: ${webhook.statusCode} ${webhook.body}`);
  }
}

export const SANDBOX_GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/**
 * Pays a quote of the caller of `headers` on the sandbox's hosted card page, as the browser does:
 * the checkout session (the card kept when `saveCard`; `paymentMethodType` CARD when the card pays
 * every month, else the card takes the first payment of a Direct Debit customer), then the card
 * form. The sandbox's signed webhook binds the policy. Throws when a step is refused.
 */
export async function payOnSandboxCardPage(
  app: App,
  headers: Record<string, string>,
  proposalCode: string,
  options: { saveCard?: boolean; paymentMethodType?: 'CARD' } = {},
): Promise<{ amountPence: number }> {
  const started = await app.inject({
    method: 'POST',
    url: `/api/stripe/checkout/proposal/${proposalCode}`,
    headers,
    payload: {
      saveCard: options.saveCard ?? false,
      successPath: '/checkout/callback',
      cancelPath: '/checkout',
      ...(options.paymentMethodType ? { paymentMethodType: options.paymentMethodType } : {}),
    },
  });
  if (started.statusCode !== 201) {
    throw new Error(`card checkout: ${started.statusCode} ${started.body}`);
  }
  const session = started.json() as { url: string; amountPence: number };
  const paid = await app.inject({
    method: 'POST',
    url: session.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(SANDBOX_GOOD_CARD).toString(),
  });
  if (paid.statusCode !== 303) throw new Error(`card page: ${paid.statusCode} ${paid.body}`);
  return { amountPence: session.amountPence };
}
