import type { App } from '../../app-types';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { createQuote } from '../policy/test-helpers';

// Tests: a real Direct Debit mandate in the sandbox provider, set up the way a customer does it
// (the hosted mandate pages, then POST /api/goCardless/mandates).

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

/**
 * A flex quote bought by Direct Debit as the checkout page does it: quote, the sandbox mandate
 * pages on `bank` (its account holder name picks the sandbox's payment behaviour), account, bind.
 * The bind asks for the first payment on the new mandate.
 */
export async function buyFlexByDirectDebit(
  app: App,
  userId: string,
  bank: typeof SANDBOX_GOOD_BANK = SANDBOX_GOOD_BANK,
): Promise<{
  headers: Record<string, string>;
  code: string;
  policyId: string;
  policyNumber: string;
}> {
  const headers = bearer(await createTestAccessToken(app, { userId }));
  const code = (await createQuote(app, headers)).proposalCode;
  await setUpSandboxMandate(app, headers, bank);
  const account = await app.inject({
    method: 'POST',
    url: `/api/proposals/${code}/account`,
    headers,
  });
  if (account.statusCode !== 200) throw new Error(`account: ${account.statusCode} ${account.body}`);
  const bound = await app.inject({
    method: 'POST',
    url: `/api/proposals/${code}/bind`,
    headers,
    payload: { paymentMethodType: 'BACS_DEBIT' },
  });
  if (bound.statusCode !== 200) throw new Error(`bind: ${bound.statusCode} ${bound.body}`);
  const { policyId, policyNumber } = bound.json() as { policyId: string; policyNumber: string };
  return { headers, code, policyId, policyNumber };
}
