import type { PaymentMethodType } from '@motor/domain';
import type { ApiClient } from './api-client';

// Adding or changing a payment method on the provider's hosted page, the one way for every page
// that offers it (the home notices, the policy's billing tab, the checkout): a Direct Debit mandate flow
// (POST /api/goCardless/flows) that comes back with ?redirect_flow_id=, completed with
// POST /api/goCardless/mandates; or a card set-up (POST /api/stripe/setup), saved by its webhook.

/** The query parameter the Direct Debit provider comes back with. */
export const REDIRECT_FLOW_PARAM = 'redirect_flow_id';

/** The address without the provider's flow id, once it is handled (so a reload does not repeat it). */
export function withoutRedirectFlow(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete(REDIRECT_FLOW_PARAM);
  return next;
}

function readRedirect(data: unknown): string {
  const body = data as { redirectUrl?: unknown; url?: unknown } | null;
  const target = body?.redirectUrl ?? body?.url;
  if (typeof target !== 'string' || target === '') {
    throw new Error('The payment provider gave no page to open');
  }
  return target;
}

/** Starts the provider's hosted page for a new mandate or card; resolves to the page to open. */
export async function startPaymentMethodSetup(
  client: ApiClient,
  options: {
    type: PaymentMethodType;
    /**
     * The set-up's client reference: the customer account the card is for, or at the checkout
     * the proposal being bought (no account exists yet).
     */
    accountCode: string;
    /** At the checkout: the server checks the quote may still be bought before the bank's page. */
    proposalCode?: string;
    /** Shown on the mandate (the brand's words). */
    mandateDescription: string;
    /** Where on this site the provider sends the customer back (and a cancelled card set-up). */
    returnPath: string;
    /** Where a completed card set-up comes back, when not returnPath. */
    cardSavedPath?: string;
  },
): Promise<string> {
  const data =
    options.type === 'BACS_DEBIT'
      ? await client.post<unknown>('/goCardless/flows', {
          mandateDescription: options.mandateDescription,
          successUrl: options.returnPath,
          ...(options.proposalCode ? { proposalCode: options.proposalCode } : {}),
        })
      : await client.post<unknown>('/stripe/setup', {
          clientReference: options.accountCode,
          successPath: options.cardSavedPath ?? options.returnPath,
          cancelPath: options.returnPath,
        });
  return readRedirect(data);
}

/** Completes the mandate flow the customer came back from. */
export function completeMandate(client: ApiClient, redirectFlowId: string): Promise<unknown> {
  return client.post<unknown>('/goCardless/mandates', { redirectFlowId });
}
