import { z } from 'zod';
import type { App } from '../../app-types';
import { registerFormPages } from '../../form-pages';
import { escapeHtml } from '../../html-page';
import type { SandboxDelivery } from '../../providers/card-payments';
import type { SandboxDirectDebit } from '../../providers/direct-debit';
import type { SandboxBankPayment } from '../../providers/direct-debit/sandbox';
import { deploymentBrand } from '../brand';
import {
  BankAccountForm,
  bankAccountPage,
  type BankAccountEntry,
  deliverToOwnWebhook,
  FlowParams,
} from './sandbox-bank-form';
import { formatPounds, page } from './sandbox-html';

// The sandbox's "bank" for an instant bank payment (what GoCardless's Billing Request flow and
// the customer's banking app are for the real adapter, ADR 045): the customer sees the amount and
// the payee, gives the account the mandate for later months is set up on, and approves or
// cancels. The sandbox then sends the signed webhooks the real provider would; coming back to
// the site binds nothing by itself.

const ApproveForm = BankAccountForm.extend({ action: z.enum(['approve', 'cancel']) });

function approvePage(flow: SandboxBankPayment, entry: BankAccountEntry = {}) {
  const payee = deploymentBrand().config.appName;
  return bankAccountPage({
    title: 'Approve your payment',
    notice: 'Sandbox bank: no real bank account is used and no money moves.',
    about: `<dl>
<dt>Amount</dt><dd id="bank-payment-amount">${escapeHtml(formatPounds(flow.amountPence))}</dd>
<dt>Payee</dt><dd id="bank-payment-payee">${escapeHtml(payee)}</dd>
<dt>Reference</dt><dd>${escapeHtml(flow.description)}</dd>
</dl>
<p>The same account pays the later months by Direct Debit: ${escapeHtml(flow.mandateDescription)}. You are covered by the Direct Debit Guarantee.</p>`,
    action: `/sandbox/bank-payment/${escapeHtml(flow.flowId)}`,
    buttons: `<button type="submit" name="action" value="approve">Approve payment</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel payment</button>`,
    entry,
    testAccounts: [
      'Sort code 20-29-59, account 63748472 (Barclays): the payment is confirmed',
      'Name on the account “Fail Payment”: the bank refuses the payment',
      '“Fail Payment 2”: the payment is confirmed; the first monthly Direct Debit fails',
    ],
  });
}

const notOpenPage = () =>
  page({
    title: 'Payment not available',
    body: '<h1>This bank payment has expired or is already complete</h1><p>Go back to the site and start again.</p>',
  });

export async function sandboxBankPaymentPages(
  app: App,
  sandbox: SandboxDirectDebit,
): Promise<void> {
  await registerFormPages(app, (pages) => {
    const deliver = (deliveries: SandboxDelivery[]) =>
      deliverToOwnWebhook(app, '/api/webhooks/direct-debit', deliveries);

    pages.get(
      '/sandbox/bank-payment/:flowId',
      { schema: { hide: true, params: FlowParams } },
      async (request, reply) => {
        const flow = await sandbox.getBankPaymentFlow(request.params.flowId);
        reply.type('text/html; charset=utf-8');
        if (!flow || flow.status !== 'OPEN') return reply.code(404).send(notOpenPage());
        return reply.send(approvePage(flow));
      },
    );

    pages.post(
      '/sandbox/bank-payment/:flowId',
      { schema: { hide: true, params: FlowParams, body: ApproveForm } },
      async (request, reply) => {
        const { flowId } = request.params;
        const now = app.clock.now();
        reply.type('text/html; charset=utf-8');
        if (request.body.action === 'cancel') {
          const cancelled = await sandbox.cancelBankPayment({ flowId, now });
          if (cancelled.kind === 'NOT_OPEN') return reply.code(404).send(notOpenPage());
          await deliver(cancelled.deliveries);
          return reply.redirect(cancelled.redirectUrl, 303);
        }
        const { action: _action, ...account } = request.body;
        const outcome = await sandbox.approveBankPayment({ flowId, account, now });
        if (outcome.kind === 'NOT_OPEN') return reply.code(404).send(notOpenPage());
        if (outcome.kind === 'INVALID') {
          const flow = (await sandbox.getBankPaymentFlow(flowId))!;
          return reply
            .code(400)
            .send(approvePage(flow, { values: account, errors: outcome.errors }));
        }
        await deliver(outcome.deliveries);
        return reply.redirect(outcome.redirectUrl, 303);
      },
    );
  });
}
