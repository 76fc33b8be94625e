import {
  ErrorBodySchema,
  MidOverdueResponseSchema,
  PolicyIdParamsSchema,
  PolicyMidResponseSchema,
  type MidOverdueResponse,
  type PolicyMidResponse,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import { PERMISSIONS, SIGNED_IN, staffWith } from '../identity';
import { getOwnPolicy } from '../policy';
import { isOnCover } from './entry';
import { findMidRecord, listOverdueMidRecords } from './repository';
import { toStaffMidStatus } from './staff-status';
import { errorResponses } from '../../errors';

// The MID status of a policy for its customer (the policy page), and for staff with
// access:operations the policies the MID should hold by now and does not (/admin/mid).

const errors = errorResponses(401, 403, 404);
/** The staff list shows at most this many, the first due first. */
const OVERDUE_LIMIT = 200;

export const midRoutes: AppPlugin = async (app) => {
  app.get(
    '/policies/:id/mid',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['policies'],
        summary: 'What the Motor Insurance Database holds for the policy',
        description:
          'PENDING while the car (or a change to it) is being sent, FAILED when the last ' +
          'submission failed and will be retried, ON_MID once the MID confirmed it, REMOVED ' +
          'after the cover ended. 404 for someone else’s policy.',
        params: PolicyIdParamsSchema,
        response: { 200: PolicyMidResponseSchema, ...errors },
      },
    },
    async (request): Promise<PolicyMidResponse> => {
      const policy = await getOwnPolicy(app.db, request.principal, request.params.id);
      const record = await findMidRecord(app.db, policy.policyId);
      if (!record) {
        // Not seen by the job yet: a policy on cover is on its way to the MID.
        return {
          status: isOnCover(policy) ? 'PENDING' : 'REMOVED',
          registration: null,
          confirmedAt: null,
        };
      }
      const entry = record.desired ?? record.confirmed;
      return {
        status: record.status,
        registration: entry?.registration ?? null,
        confirmedAt: record.confirmedAt?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/admin/mid',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'Policies not on the Motor Insurance Database past the target time',
        description:
          'Staff with access:operations. Policies whose car, or whose latest change, the MID ' +
          'should hold by now (the product’s motorInsuranceDatabase.targetHours after it was ' +
          'bought or changed) and does not: the first due first, at most 200, with the last ' +
          'error and how many submissions failed.',
        response: { 200: MidOverdueResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      const rows = await listOverdueMidRecords(app.db, {
        now: app.clock.now(),
        limit: OVERDUE_LIMIT,
      });
      const answer: MidOverdueResponse = {
        policies: rows.map((row) => ({
          ...toStaffMidStatus(row),
          policyId: row.policyId,
          policyNumber: row.policyNumber,
          schemeCode: row.schemeCode,
          customerUserId: row.ownerUserId,
          awaiting: row.confirmed ? 'UPDATE' : 'ADD',
        })),
      };
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};
