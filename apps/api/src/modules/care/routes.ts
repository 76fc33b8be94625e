import {
  ErrorBodySchema,
  AuditListResponseSchema,
  AuditQuerySchema,
  CustomerDetailResponseSchema,
  CustomerParamsSchema,
  CustomerSearchQuerySchema,
  CustomerSearchResponseSchema,
  NotTakenUpPoliciesResponseSchema,
} from '@motor/contract';
import { AppError, errorResponses } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { PERMISSIONS, requirePermission, resolveUserId, staffWith } from '../identity';
import { recordCustomerAudit } from '../audit';
import {
  findCustomerDetail,
  listAuditEntries,
  listNotTakenUpPolicies,
  searchCustomers,
} from './repository';

// The staff console (issue 18 items 1 and 2): find a customer, see what we hold about them
// (each look is audited), and read the audit trail (permission access:audit). Customers' data
// needs access:impersonate, as acting for them does (decision 033).

const errors = errorResponses(401, 403);

export const careRoutes: AppPlugin = async (app) => {
  app.get(
    '/admin/customers',
    {
      config: staffWith(PERMISSIONS.impersonate),
      schema: {
        tags: ['admin'],
        summary: 'Find customers (staff with access:impersonate)',
        description:
          'By name, e-mail, phone, policy number, proposal reference or registration: any part ' +
          'of the value from 3 characters, the start of it for 2; any case (spaces ignored in ' +
          'registrations and phone numbers). Values starting with the query first. At most 20.',
        querystring: CustomerSearchQuerySchema,
        response: { 200: CustomerSearchResponseSchema, ...errors },
      },
    },
    async (request) => ({ results: await searchCustomers(app.db, request.query.q) }),
  );

  app.get(
    '/admin/customers/:userId',
    {
      config: staffWith(PERMISSIONS.impersonate),
      schema: {
        tags: ['admin'],
        summary:
          'A customer’s contact details, proposals, policies, payments and audit (staff with ' +
          'access:impersonate)',
        description: 'Each read is audited (`care.view-customer`). 404 for an unknown customer.',
        params: CustomerParamsSchema,
        response: { 200: CustomerDetailResponseSchema, 404: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const detail = await findCustomerDetail(app.db, request.params.userId);
      if (!detail || principal.kind !== 'admin') {
        throw new AppError('NOT_FOUND', 'We could not find that customer.');
      }
      await recordCustomerAudit(app.db, {
        actorUserId: principal.userId,
        userId: detail.userId,
        action: 'care.view-customer',
        at: app.clock.now(),
      });
      return reply.header('cache-control', 'no-store').send(detail);
    },
  );

  app.get(
    '/admin/not-taken-up',
    {
      config: staffWith(PERMISSIONS.impersonate),
      schema: {
        tags: ['admin'],
        summary: 'Policies not taken up (staff with access:impersonate)',
        description:
          'Policies whose first payment failed, or had not settled within NTU_AFTER_DAYS, newest ' +
          'first (at most 200): number, customer, inception, when they became NTU and why. They ' +
          'name customers, so they ask what acting for a customer asks (decision 033).',
        response: { 200: NotTakenUpPoliciesResponseSchema, ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ policies: await listNotTakenUpPolicies(app.db) }),
  );

  app.get(
    '/admin/audit',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'The audit trail of staff actions, newest first (permission access:audit)',
        description:
          'Filter by `customer` and `staff`, each a user id or an e-mail address; an unknown ' +
          'one answers no entries.',
        querystring: AuditQuerySchema,
        response: { 200: AuditListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { principal } = request;
      requirePermission(principal, PERMISSIONS.audit);
      const { customer, staff, limit } = request.query;
      const subjectUserId = customer ? await resolveUserId(app.db, customer) : undefined;
      const actorUserId = staff ? await resolveUserId(app.db, staff) : undefined;
      if (subjectUserId === null || actorUserId === null) return { entries: [] };
      return { entries: await listAuditEntries(app.db, { subjectUserId, actorUserId, limit }) };
    },
  );
};
