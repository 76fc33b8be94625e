import {
  ClaimListResponseSchema,
  ClaimReferenceParamsSchema,
  ClaimResponseSchema,
  CreateClaimRequestSchema,
  ErrorBodySchema,
  FnolLinkRequestSchema,
  FnolLinkResponseSchema,
  ListClaimsQuerySchema,
  UpdateClaimRequestSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import { SIGNED_IN } from '../identity';
import { addClaim, correctClaim, createFnolLink, listClaims } from './service';
import { errorResponses } from '../../errors';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Claims (spec 3 §7 getClaims; §6 claims edit with action:mta-claims) and the online claim
 * (createFnolLink). Someone else's policy or claim answers 404.
 */
export const claimRoutes: AppPlugin = async (app) => {
  app.get(
    '/claims',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['claims'],
        summary: "The claims on one of the caller's policies, the latest incident first",
        description:
          'By policy number; staff read the policies of the customer they act for. 404 for a ' +
          'policy that is not the caller’s.',
        querystring: ListClaimsQuerySchema,
        response: { 200: ClaimListResponseSchema, ...errors },
      },
    },
    async (request) => listClaims(app, request.principal, request.query.policyNumber),
  );

  app.post(
    '/claims',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['claims'],
        summary: 'Adds a claim to a policy (staff with action:mta-claims)',
        description:
          'Staff acting for the policy’s owner; 403 without the permission. Audited ' +
          '(`claim.add`) with the staff member and the customer.',
        body: CreateClaimRequestSchema,
        response: { 201: ClaimResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const claim = await addClaim(app, request.principal, request.body);
      return reply.code(201).send(claim);
    },
  );

  app.patch(
    '/claims/:claimReference',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['claims'],
        summary: 'Corrects a claim (staff with action:mta-claims)',
        description:
          'Only the fields given change. Staff acting for the policy’s owner; 403 without the ' +
          'permission. Audited (`claim.correct`) with the staff member and the customer.',
        params: ClaimReferenceParamsSchema,
        body: UpdateClaimRequestSchema,
        response: { 200: ClaimResponseSchema, ...errors },
      },
    },
    async (request) =>
      correctClaim(app, request.principal, request.params.claimReference, request.body),
  );

  app.post(
    '/fnol/link',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['claims'],
        summary: 'A link to the online claim page for a policy (spec 3 createFnolLink)',
        description:
          'Only for an ACTIVE policy whose brand has the axitechFnol feature (409 otherwise). ' +
          'callbackUrl and privacyPolicyUrl are paths on this site. The claim page records the ' +
          'claim (PENDING) and sends the browser back to callbackUrl with `claimReference`.',
        body: FnolLinkRequestSchema,
        response: { 200: FnolLinkResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => createFnolLink(app, request.principal, request.body),
  );
};
