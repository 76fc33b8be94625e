import { formatDisplayDate, toInstant } from '@motor/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-types';
import { escapeHtml } from '../../html-page';
import type { SandboxDirectDebit } from '../../providers/direct-debit';
import {
  findMandateByProviderReference,
  listDirectDebitNotices,
  type DirectDebitNoticeRow,
} from './direct-debit-notices';
import { formatPounds, page } from './sandbox-html';

// The sandbox provider's view of a mandate's Direct Debit notices (what GoCardless's dashboard
// shows of its own): which were given, for what amount and day, and by whom.

const KIND_LABELS: Record<DirectDebitNoticeRow['kind'], string> = {
  CONFIRMATION: 'Confirmation of the Direct Debit',
  ADVANCE_NOTICE: 'Advance notice of a payment',
};
const SENDER_LABELS: Record<DirectDebitNoticeRow['sentBy'], string> = {
  APP: 'The insurer, by e-mail',
  PROVIDER: 'The Direct Debit provider',
};

function noticeRow(notice: DirectDebitNoticeRow): string {
  const cells = [
    formatDisplayDate(notice.createdAt),
    KIND_LABELS[notice.kind],
    notice.amountPence === null ? '' : formatPounds(notice.amountPence),
    notice.chargeDate ? formatDisplayDate(toInstant(notice.chargeDate)) : '',
    SENDER_LABELS[notice.sentBy],
  ];
  return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`;
}

export async function sandboxDirectDebitNoticesPage(
  app: App,
  sandbox: SandboxDirectDebit,
): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/sandbox/direct-debit/mandates/:mandateId/notices',
      { schema: { hide: true, params: z.object({ mandateId: z.string().max(100) }) } },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        const mandate = await findMandateByProviderReference(app.db, {
          adapter: sandbox.adapter,
          providerReference: request.params.mandateId,
        });
        if (!mandate) {
          return reply
            .code(404)
            .send(page({ title: 'Mandate not found', body: '<h1>There is no such mandate</h1>' }));
        }
        const notices = await listDirectDebitNotices(app.db, mandate.paymentMethodId);
        const rows = notices.map(noticeRow).join('\n');
        return reply.send(
          page({
            title: 'Direct Debit notices',
            body: `<p class="notice">Sandbox Direct Debit: no real bank account is used.</p>
<h1>Direct Debit notices for mandate ${escapeHtml(request.params.mandateId)}</h1>
${
  notices.length === 0
    ? '<p>No notice has been given for this mandate yet.</p>'
    : `<table><caption class="visually-hidden">Notices</caption><thead><tr><th scope="col">Given on</th><th scope="col">Notice</th><th scope="col">Amount</th><th scope="col">Payment date</th><th scope="col">Given by</th></tr></thead><tbody>
${rows}
</tbody></table>`
}`,
          }),
        );
      },
    );
}
