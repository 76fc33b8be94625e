import {
  ErrorBodySchema,
  ReconciliationFindingsResponseSchema,
  type ReconciliationFindingsResponse,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import { listOpenFindings } from './reconcile';

/** GET /api/admin/reconciliation: the open findings of payment reconciliation (staff only). */
export const reconciliationAdminRoutes: AppPlugin = async (app) => {
  app.get(
    '/admin/reconciliation',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Payment reconciliation findings (staff)',
        description:
          'What the reconciliation job found between the providers’ records and the ledger and ' +
          'is not resolved yet, oldest first: provider-only payments, ledger-only payments and ' +
          'amount mismatches.',
        response: {
          200: ReconciliationFindingsResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (_request, reply) => {
      const rows = await listOpenFindings(app.db);
      const body: ReconciliationFindingsResponse = {
        findings: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          providerPaymentId: row.providerPaymentId,
          provider: row.provider,
          accountId: row.accountId,
          providerAmountPence: row.providerAmountPence,
          ledgerAmountPence: row.ledgerAmountPence,
          foundAt: row.foundAt.toISOString(),
          seenAt: row.seenAt.toISOString(),
        })),
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
