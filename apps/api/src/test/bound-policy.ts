// Suites about a policy's life (changes, bills, settling) start from a bound one: a quote made by
// the customer (modules/policy/test-helpers) and bound as a settled card checkout binds it, with
// no card provider in between. It lives here and not beside createQuote: modules do not import
// flows, and the bind is one.
import type { ProposalResponse } from '@motor/contract';
import type { App } from '../app-types';
import { bindProposal } from '../flows/bind-policy';
import { computeAmountDueAtBind } from '../modules/policy';
import { createQuote } from '../modules/policy/test-helpers';

/** A policy bound from a new quote (bmw-flex by default) of the caller of `headers`. */
export async function createBoundPolicy(
  app: App,
  headers: Record<string, string>,
  options: Parameters<typeof createQuote>[2] = {},
): Promise<{ quote: ProposalResponse; policyId: string }> {
  const quote = await createQuote(app, headers, options);
  const { policyId } = await bindAsPaidByCard(app, quote);
  return { quote, policyId };
}

/** Binds a priced, agreed quote as a settled card checkout of its amount due binds it. */
export async function bindAsPaidByCard(
  app: App,
  quote: Pick<ProposalResponse, 'proposalCode' | 'quote'>,
): Promise<{ policyId: string }> {
  return bindProposal(app, {
    proposalCode: quote.proposalCode,
    principal: { kind: 'system', name: 'test' },
    paymentMethodType: 'CARD',
    payment: {
      provider: 'CARD',
      providerPaymentId: `pi_${quote.proposalCode}`,
      amountPence: computeAmountDueAtBind(quote.quote).totalPence,
      settled: true,
    },
  });
}
