import { z } from 'zod';
import { ErrorBodySchema } from '@motor/contract';
import { errorResponses } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { eraseCustomer } from '../../flows/erase-customer';
import { exportCustomerData } from '../../flows/export-customer-data';
import { recordCustomerAudit } from '../audit';
import {
  findActorUserId,
  getOwnerUserId,
  PERMISSIONS,
  requirePermission,
  SIGNED_IN,
} from '../identity';

// The customer's data rights (issue 21 item 14, decision 018): a copy of everything we hold
// about them, and its erasure by staff with the permission. The work is in flows/.

const errors = errorResponses(401, 403);

const DataExportSchema = z
  .looseObject({
    format: z.string(),
    version: z.number(),
    exportedAt: z.string(),
    userId: z.string(),
  })
  .describe(
    'Every record about the customer: account, marketing preferences, proposals with their ' +
      'answers, agreements and ratings, policies with versions, events, claims and documents, customer ' +
      'accounts with ledger transactions and postings, payment methods (masked), payment ' +
      'sessions, collections, feedback, messages sent to them and audit entries about them.',
  )
  .meta({ id: 'CustomerDataExport' });

const ErasureResponseSchema = z
  .object({
    userId: z.string(),
    erasedAt: z.string().describe('When the customer was first erased'),
    wasAlreadyErased: z.boolean(),
  })
  .meta({ id: 'CustomerErasure' });

/** `my-data-2026-03-02.json`: the London day of the export. */
function exportFileName(at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);
  return `my-data-${day}.json`;
}

export const privacyRoutes: AppPlugin = async (app) => {
  app.get(
    '/policyholder/data-export',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['account'],
        summary: 'Download a copy of every record we hold about the signed-in customer (JSON)',
        description:
          'Answers an attachment `my-data-<date>.json`, never cached. Staff acting for a ' +
          'customer download that customer’s copy. Each export is audited (`gdpr.export`).',
        response: { 200: DataExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = getOwnerUserId(request.principal);
      const data = await exportCustomerData(app, userId);
      await recordCustomerAudit(app.db, {
        actorUserId: findActorUserId(request.principal) ?? userId,
        userId,
        action: 'gdpr.export',
        at: app.clock.now(),
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${exportFileName(app.clock.now())}"`)
        .send(data);
    },
  );

  app.post(
    '/admin/customers/:userId/erasure',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Erase a customer’s personal data (permission action:gdpr-erase)',
        description:
          'Anonymises the person in every record and disables the account; keeps policies, ' +
          'the ledger and the audit log with their amounts, dates and numbers. 409 while the ' +
          'customer has an ACTIVE or PENDING policy. Erasing again answers the same.',
        params: z.object({ userId: z.string().min(1).max(200) }),
        response: {
          200: ErasureResponseSchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { principal } = request;
      requirePermission(principal, PERMISSIONS.gdprErase);
      const result = await eraseCustomer(app, {
        userId: request.params.userId,
        actorUserId: principal.userId,
      });
      // This process refuses the person's access tokens at once; the others within 30 s.
      app.tokens.refuseUser(result.userId);
      return result;
    },
  );
};
