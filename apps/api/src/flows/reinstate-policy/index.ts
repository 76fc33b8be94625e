// Reinstatement (issue 35 item 3, decision 042): staff with action:reinstate read whether a
// cancelled policy can go back on cover, and reinstate it with no gap or with the gap recorded.
import {
  ErrorBodySchema,
  ReinstatedResponseSchema,
  ReinstatementParamsSchema,
  ReinstatementResponseSchema,
  ReinstateRequestSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import { AppError } from '../../errors';
import { PERMISSIONS, staffWith } from '../../modules/identity';
import { getReinstatement, reinstate } from './reinstate';

const errors = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

export const reinstatementRoutes: AppPlugin = async (app) => {
  app.get(
    '/admin/policies/:policyId/reinstatement',
    {
      config: staffWith(PERMISSIONS.reinstate),
      schema: {
        tags: ['admin'],
        summary: 'Whether a cancelled policy can be reinstated, and how (staff, action:reinstate)',
        description:
          'Why not (not cancelled, another reason than non-payment or a mistake, a product never ' +
          'reinstated, outside the product’s window, money owed, a later policy overlapping), ' +
          'the window’s end, what the customer owes now, and the two ways back on cover: ' +
          'BACKDATED (no gap) and GAP (from now, the gap recorded), each with its premium.',
        params: ReinstatementParamsSchema,
        response: { 200: ReinstatementResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getReinstatement(app, request.params.policyId)),
  );

  app.post(
    '/admin/policies/:policyId/reinstate',
    {
      config: staffWith(PERMISSIONS.reinstate),
      schema: {
        tags: ['admin'],
        summary: 'Reinstate a cancelled policy (staff, action:reinstate)',
        description:
          'The policy is ACTIVE again, a new version from now with its documents, the premium of ' +
          'the restored cover charged (BACKDATED: the cancellation’s credit reversed; GAP: less ' +
          'the gap’s premium), a pending refund of the cancellation cancelled, billing resumed, ' +
          'the customer e-mailed, the staff member, option and reason audited. 409 with ' +
          '`details.reason` when it may not be reinstated (nothing is changed).',
        params: ReinstatementParamsSchema,
        body: ReinstateRequestSchema,
        response: {
          200: ReinstatedResponseSchema,
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { principal } = request;
      if (principal.kind !== 'admin') throw new AppError('FORBIDDEN', 'Staff only.');
      return reinstate(app, {
        policyId: request.params.policyId,
        cover: request.body.cover,
        reason: request.body.reason,
        staffUserId: principal.userId,
      });
    },
  );
};
