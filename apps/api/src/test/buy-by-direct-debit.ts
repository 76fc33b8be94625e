// Test kit for suites that buy a flex policy by Direct Debit as the checkout page does it: it signs
// in, makes a quote (test/quotes) and sets up a mandate on the sandbox's pages (test/sandbox-payments).
import type { ProposalResponse } from '@motor/contract';
import type { App } from '../app-types';
import { bearer, createTestAccessToken } from '../modules/identity/test-tokens';
import { SANDBOX_GOOD_BANK, setUpSandboxMandate } from './sandbox-payments';
import { createQuote } from './quotes';

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
  quote: ProposalResponse;
  policyId: string;
  policyNumber: string;
}> {
  const headers = bearer(await createTestAccessToken(app, { userId }));
  const quote = await createQuote(app, headers);
  const code = quote.proposalCode;
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
  return { headers, code, quote, policyId, policyNumber };
}
