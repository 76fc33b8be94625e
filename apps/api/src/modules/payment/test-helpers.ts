import type { App } from '../../app-types';

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
