import { z } from 'zod';
import type { App } from '../../app-types';
import { registerFormPages } from '../../form-pages';
import type { SandboxDirectDebit } from '../../providers/direct-debit';
import type { SandboxFlow } from '../../providers/direct-debit/sandbox';
import { escapeHtml } from '../../html-page';
import {
  BankAccountForm,
  bankAccountPage,
  type BankAccountEntry,
  deliverToOwnWebhook,
  FlowParams,
} from './sandbox-bank-form';
import { page } from './sandbox-html';

// The sandbox direct-debit provider's hosted mandate page (what GoCardless's Billing Request
// flow is for the real adapter): bank details checked with the VocaLink modulus rules, a confirm
// step naming the bank, then back to the site with `?redirect_flow_id=`.

function detailsPage(flow: SandboxFlow, entry: BankAccountEntry = {}) {
  return bankAccountPage({
    title: 'Set up a Direct Debit',
    notice: 'Sandbox Direct Debit: no real bank account is used.',
    about: `<p>${escapeHtml(flow.description)}</p>`,
    action: `/sandbox/direct-debit/${escapeHtml(flow.flowId)}`,
    buttons: '<button type="submit">Continue</button>',
    entry,
    testAccounts: [
      'Sort code 20-29-59, account 63748472 (Barclays): passes the modulus check',
      'Sort code 40-47-84, account 70872490 (HSBC UK): passes the modulus check',
      'Name on the account “Fail Payment”: every collection fails',
      '“Fail Payment 3”: the 3rd collection under the mandate fails, the others settle',
      '“Fail Payment From 3”: the 3rd and every later collection fail',
      '“Never Settle”: every collection is charged but never settles nor fails',
    ],
  });
}

function confirmPage(flow: SandboxFlow) {
  const account = flow.account!;
  const sortCode = account.sortCode.replace(/(\d{2})(\d{2})(\d{2})/, '$1-$2-$3');
  return page({
    title: 'Check your Direct Debit details',
    body: `<p class="notice">Sandbox Direct Debit: no real bank account is used.</p>
<h1>Check your Direct Debit details</h1>
<dl>
<dt>Bank</dt><dd id="bank-name">${escapeHtml(account.bankName)}</dd>
<dt>Name on the account</dt><dd>${escapeHtml(account.holderName)}</dd>
<dt>Sort code</dt><dd>${escapeHtml(sortCode)}</dd>
<dt>Account number</dt><dd>ending ${escapeHtml(account.accountNumberEnding)}</dd>
</dl>
<p>${escapeHtml(flow.description)}. You are covered by the Direct Debit Guarantee.</p>
<form method="post" action="/sandbox/direct-debit/${escapeHtml(flow.flowId)}/confirm">
<button type="submit" name="action" value="confirm">Set up Direct Debit</button>
<button type="submit" name="action" value="change" class="secondary">Change details</button>
</form>`,
  });
}

const notOpenPage = () =>
  page({
    title: 'Direct Debit set-up not available',
    body: '<h1>This Direct Debit set-up has expired or is already complete</h1><p>Go back to the site and start again.</p>',
  });

export async function sandboxDirectDebitPages(
  app: App,
  sandbox: SandboxDirectDebit,
): Promise<void> {
  await registerFormPages(app, (pages) => {
    pages.get(
      '/sandbox/direct-debit/:flowId',
      { schema: { hide: true, params: FlowParams } },
      async (request, reply) => {
        const flow = await sandbox.getFlow(request.params.flowId);
        reply.type('text/html; charset=utf-8');
        if (!flow || flow.status === 'COMPLETED') return reply.code(404).send(notOpenPage());
        return reply.send(detailsPage(flow));
      },
    );

    pages.post(
      '/sandbox/direct-debit/:flowId',
      { schema: { hide: true, params: FlowParams, body: BankAccountForm } },
      async (request, reply) => {
        const flow = await sandbox.getFlow(request.params.flowId);
        const outcome = await sandbox.submitAccount({
          flowId: request.params.flowId,
          account: request.body,
        });
        reply.type('text/html; charset=utf-8');
        if (!flow || outcome.kind === 'NOT_OPEN') return reply.code(404).send(notOpenPage());
        if (outcome.kind === 'INVALID')
          return reply
            .code(400)
            .send(detailsPage(flow, { values: request.body, errors: outcome.errors }));
        return reply.send(confirmPage(outcome.flow));
      },
    );

    pages.post(
      '/sandbox/direct-debit/:flowId/confirm',
      {
        schema: {
          hide: true,
          params: FlowParams,
          body: z.object({ action: z.enum(['confirm', 'change']) }),
        },
      },
      async (request, reply) => {
        const { flowId } = request.params;
        reply.type('text/html; charset=utf-8');
        if (request.body.action === 'change') {
          const flow = await sandbox.getFlow(flowId);
          if (!flow || flow.status === 'COMPLETED') return reply.code(404).send(notOpenPage());
          return reply.send(detailsPage(flow));
        }
        const outcome = await sandbox.confirm({ flowId });
        if (outcome.kind === 'NOT_OPEN') return reply.code(404).send(notOpenPage());
        return reply.redirect(outcome.redirectUrl, 303);
      },
    );
  });
}

/**
 * Sends the sandbox's due collection webhooks (submitted, settled, failed by the app's clock) to
 * our endpoint. A scheduled job calls it; tests call it after moving the clock.
 */
export async function deliverSandboxDirectDebitEvents(app: App): Promise<number> {
  const provider = app.providers.directDebit;
  if (provider.adapter !== 'sandbox') return 0;
  const deliveries = await (provider as SandboxDirectDebit).collectDueEvents(app.clock.now());
  await deliverToOwnWebhook(app, '/api/webhooks/direct-debit', deliveries);
  return deliveries.length;
}
