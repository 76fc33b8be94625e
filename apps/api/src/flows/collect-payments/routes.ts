import { z } from 'zod';
import {
  ErrorBodySchema,
  ReconciliationFindingsResponseSchema,
  RefundIssueResolutionRequestSchema,
  RefundIssueSchema,
  RefundIssuesResponseSchema,
  type ReconciliationFindingsResponse,
  type RefundIssueResponse,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import { AppError } from '../../errors';
import {
  findAccount,
  listRefundIssues,
  refundIssueExists,
  resolveRefundIssue,
  type RefundIssue,
} from '../../modules/billing';
import { recordAudit } from '../../modules/audit';
import { PERMISSIONS, staffWith } from '../../modules/identity';
import { lastReconciliationRun, listOpenFindings } from './reconcile';

const REFUND_ISSUE_NOT_FOUND_MESSAGE = 'We could not find that refund.';
export const REFUND_ISSUE_NOT_OPEN_MESSAGE =
  'This refund is no longer waiting for staff: it was paid or written off already.';

function toRefundIssueResponse(row: RefundIssue): RefundIssueResponse {
  return {
    ...row,
    raisedAt: row.raisedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/admin/reconciliation: the open findings of payment reconciliation; GET
 * /api/admin/refunds and POST /api/admin/refunds/{id}/resolution: the refunds staff queue (staff).
 */
export const reconciliationAdminRoutes: AppPlugin = async (app) => {
  app.get(
    '/admin/reconciliation',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'Payment reconciliation findings (staff)',
        description:
          'What the reconciliation job found between the providers’ own records, the ledger and ' +
          'the policies’ cover and is not resolved yet, oldest first (provider-only payments, ' +
          'ledger-only payments, amount mismatches, refunds not sent, cover unpaid past the ' +
          'not-taken-up window), and when it last ran.',
        response: {
          200: ReconciliationFindingsResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (_request, reply) => {
      const rows = await listOpenFindings(app.db);
      const lastRun = await lastReconciliationRun(app.db);
      const body: ReconciliationFindingsResponse = {
        lastRunAt: lastRun?.toISOString() ?? null,
        now: app.clock.now().toISOString(),
        findings: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          providerPaymentId: row.providerPaymentId,
          provider: row.provider,
          accountId: row.accountId,
          accountCode: row.accountCode,
          customerUserId: row.customerUserId,
          policyId: row.policyId,
          providerAmountPence: row.providerAmountPence,
          ledgerAmountPence: row.ledgerAmountPence,
          foundAt: row.foundAt.toISOString(),
          seenAt: row.seenAt.toISOString(),
        })),
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/admin/refunds',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'Refunds that could not be sent (staff)',
        description:
          'The staff queue of refunds the refund run could not send (no payment to refund, the ' +
          'provider refused), each with the reason: open ones oldest first, then the latest ' +
          'resolved.',
        response: { 200: RefundIssuesResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      const issues = (await listRefundIssues(app.db)).map(toRefundIssueResponse);
      return reply.header('cache-control', 'no-store').send({ issues });
    },
  );

  app.post(
    '/admin/refunds/:id/resolution',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'Pay a queued refund by another route, or write it off (staff)',
        description:
          'PAID_ELSEWHERE posts the refund as paid (the note says how); WRITTEN_OFF reverses it ' +
          'and writes off what no provider refund paid (the note says why). Audited. 404 for an ' +
          'unknown refund, 409 when it is not waiting any more.',
        params: z.object({ id: z.uuid() }),
        body: RefundIssueResolutionRequestSchema,
        response: {
          200: RefundIssueSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { principal } = request;
      if (principal.kind !== 'admin') throw new AppError('FORBIDDEN', 'Staff only.');
      const at = app.clock.now();
      const issue = await app.db.transaction(async (tx) => {
        const resolved = await resolveRefundIssue(tx, {
          id: request.params.id,
          ...request.body,
          actorUserId: principal.userId,
          at,
        });
        if (!resolved) return null;
        const account = await findAccount(tx, resolved.accountId);
        await recordAudit(tx, {
          actorUserId: principal.userId,
          subjectUserId: account?.ownerUserId ?? null,
          action:
            request.body.resolution === 'PAID_ELSEWHERE'
              ? 'refund.paid-elsewhere'
              : 'refund.write-off',
          target: `refund:${resolved.refundKey}`,
          at,
        });
        return resolved;
      });
      if (issue) return toRefundIssueResponse(issue);
      if (!(await refundIssueExists(app.db, request.params.id)))
        throw new AppError('NOT_FOUND', REFUND_ISSUE_NOT_FOUND_MESSAGE);
      throw new AppError('CONFLICT', REFUND_ISSUE_NOT_OPEN_MESSAGE);
    },
  );
};
