// Suites about a policy's life (changes, bills, settling) start from a bound one: a quote made by
// the customer (test/quotes), bought as the checkout page buys a card-paid flex
// policy — a card checkout that keeps the card for the months to come, paid on the sandbox's
// hosted card page, whose signed webhook binds it. No fixture makes the payment, the saved card
// or the ledger rows (issue 30): the months after are collected from that card as a customer's
// are.
import type { CustomerAccountResponse, PolicyResponse, ProposalResponse } from '@motor/contract';
import type { App } from '../app-types';
import { payOnSandboxCardPage } from './sandbox-payments';
import { computeAmountDueAtBind } from '../modules/policy';
import { createQuote } from './quotes';

/**
 * A policy bought from a new quote (bmw-flex by default) of the caller of `headers`: by card, or,
 * when there is nothing to pay (a free Driveaway), bound as the checkout page binds it.
 */
export async function createBoundPolicy(
  app: App,
  headers: Record<string, string>,
  options: Parameters<typeof createQuote>[2] = {},
): Promise<{ quote: ProposalResponse; policyId: string }> {
  const quote = await createQuote(app, headers, options);
  const { policyId } =
    computeAmountDueAtBind(quote.quote).totalPence === 0
      ? await bindFree(app, headers, quote.proposalCode)
      : await buyByCard(app, headers, quote.proposalCode);
  return { quote, policyId };
}

/** A quote with nothing to pay: its account, then the bind, as the checkout page does them. */
async function bindFree(
  app: App,
  headers: Record<string, string>,
  proposalCode: string,
): Promise<{ policyId: string }> {
  const post = async (step: 'account' | 'bind') => {
    const answer = await app.inject({
      method: 'POST',
      url: `/api/proposals/${proposalCode}/${step}`,
      headers,
      payload: {},
    });
    if (answer.statusCode !== 200) {
      throw new Error(`${proposalCode} ${step}: ${answer.statusCode} ${answer.body}`);
    }
    return answer.json() as { policyId: string };
  };
  await post('account');
  return { policyId: (await post('bind')).policyId };
}

/**
 * Buys a priced, agreed quote of the caller of `headers` by card on the hosted card page, the
 * card kept to pay every month (`saveCard: false` leaves none saved, as an integrator may), and
 * answers the policy its signed webhook bound.
 */
export async function buyByCard(
  app: App,
  headers: Record<string, string>,
  proposalCode: string,
  options: { saveCard?: boolean } = {},
): Promise<{ policyId: string; accountId: string; amountPence: number }> {
  const { amountPence } = await payOnSandboxCardPage(app, headers, proposalCode, {
    saveCard: options.saveCard ?? true,
    paymentMethodType: 'CARD',
  });
  const listed = await app.inject({
    method: 'GET',
    url: `/api/customerAccounts?proposalCode=${proposalCode}`,
    headers,
  });
  const [account] = listed.json() as CustomerAccountResponse[];
  if (!account?.policyId) {
    throw new Error(`${proposalCode}: paid by card, but no policy: ${listed.body}`);
  }
  return { policyId: account.policyId, accountId: account.accountId, amountPence };
}

/** createBoundPolicy, and the number the policy was given, for suites that look it up by it. */
export async function createBoundPolicyWithNumber(
  app: App,
  headers: Record<string, string>,
  options: Parameters<typeof createQuote>[2] = {},
): Promise<{ quote: ProposalResponse; policyId: string; policyNumber: string }> {
  const bound = await createBoundPolicy(app, headers, options);
  const answer = await app.inject({ url: `/api/policies/${bound.policyId}`, headers });
  if (answer.statusCode !== 200) {
    throw new Error(`policy ${bound.policyId}: ${answer.statusCode} ${answer.body}`);
  }
  return { ...bound, policyNumber: (answer.json() as PolicyResponse).policyNumber };
}
