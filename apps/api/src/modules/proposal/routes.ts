import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ActivatePromotionRequestSchema,
  CreateProposalRequestSchema,
  ErrorBodySchema,
  IdCheckResponseSchema,
  ListProposalsQuerySchema,
  ProposalCodeParamsSchema,
  ProposalListResponseSchema,
  ProposalResponseSchema,
  PromotionParamsSchema,
  RetainProposalRequestSchema,
  RetainProposalResponseSchema,
  SetAutoRenewalRequestSchema,
  TrackingValuesSchema,
  UpdateProposalRequestSchema,
  VerifyResponseSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import {
  describeSourcePolicy,
  renewalChangeRules,
} from '../../flows/renew-policy/renewal-proposal';
import { canAccessProposal, getOwnerUserId, type Principal, type RouteAccess } from '../identity';
import { queueDepsOf } from '../notification';
import { countPoliciesInForce, findLatestPolicyholderAnswers } from '../policy';
import { getOwnProposal } from './access';
import { ProposalCache } from './proposal-cache';
import * as repository from './repository';
import * as service from './service';
import { errorResponses } from '../../errors';

const TAGS = ['proposals'];
const ACCESS: readonly RouteAccess[] = ['anonymous', 'customer', 'admin'];
const config = { access: ACCESS };
const errors = errorResponses(400, 401, 404);
/**
 * For the hot routes (read and update one proposal): plain JSON.stringify instead of checking
 * the answer against its zod schema on every response, which cost more than rating. The answer
 * is built field by field by toProposalResponse, and tests parse it with the schema.
 */
const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** Who changes a proposal, for a renewal's read-only answers (staff see more, decision 021). */
const editorOf = (principal: Principal): service.RenewalEditor => ({
  isAdmin: principal.kind === 'admin',
  permissions:
    principal.kind === 'admin' || principal.kind === 'customer' ? principal.permissions : [],
});

/**
 * The proposal (quote) API of spec 2 §7 and spec 3 §7, under /api/proposals. Every route reads
 * or writes only the caller's own proposals: someone else's answers 404, as if it did not exist.
 */
export const proposalRoutes: AppPlugin = async (app) => {
  const deps: service.ProposalServiceDeps = {
    db: app.db,
    clock: app.clock,
    vehicleLookup: app.providers.vehicleLookup,
    identityVerification: app.providers.identityVerification,
    publicUrl: app.config.publicUrl,
    proposalCache: new ProposalCache(),
    notifications: queueDepsOf(app),
    renewals: renewalChangeRules(app.db),
    countPoliciesInForce: (options) => countPoliciesInForce(app.db, options),
    latestPolicyholderAnswers: (ownerUserId) => findLatestPolicyholderAnswers(app.db, ownerUserId),
  };

  const loadOwnProposal = (
    request: FastifyRequest,
    code: string,
    options: { withQuote?: boolean } = {},
  ) => getOwnProposal(app.db, request.principal, code, options);

  const answer = (row: repository.ProposalRow) => service.toProposalResponse(row, app.clock.now());
  /** One proposal's answer; a renewal's with the policy it renews (spec 2 §3 sourcePolicy). */
  const answerOne = async (row: repository.ProposalRow) => {
    const sourcePolicy = await describeSourcePolicy(app.db, row);
    return sourcePolicy ? { ...answer(row), sourcePolicy } : answer(row);
  };

  app.post(
    '/proposals',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Starts a quote for a scheme of the brand',
        description:
          'A customer who holds a Driveaway policy is refused a second (409, reason ' +
          "MAX_DRIVEAWAY_POLICIES): there is one per customer. With the brand's multiQuote " +
          'off, a caller with an open quote or a policy not ended of the scheme is refused ' +
          'another (409, reason ONE_QUOTE_PER_PRODUCT).',
        body: CreateProposalRequestSchema,
        response: { 201: ProposalResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await service.createProposal(deps, {
        ownerUserId: getOwnerUserId(request.principal),
        isKnownCustomer: request.principal.kind !== 'anonymous',
        ...request.body,
      });
      return reply.code(201).send(answer(row));
    },
  );

  app.get(
    '/proposals',
    {
      config,
      schema: {
        tags: TAGS,
        summary: "The caller's proposals, newest first",
        querystring: ListProposalsQuerySchema,
        response: { 200: ProposalListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { principal } = request;
      const rows = await repository.listProposals(app.db, {
        ownerUserId: getOwnerUserId(request.principal),
        ...request.query,
      });
      // A back-book session (retrieve) reaches its one proposal, which another user owns, as
      // well as any its own anonymous user started since.
      if (principal.kind === 'anonymous' && principal.proposalScope !== null) {
        const row = await repository.findProposal(app.db, principal.proposalScope);
        const { schemeCode, externalReference } = request.query;
        const isMatch =
          row !== null &&
          (!schemeCode || row.schemeCode === schemeCode) &&
          (!externalReference || row.externalReference === externalReference.toUpperCase());
        if (isMatch) rows.unshift(row);
      }
      // A renewal is not a quote of the customer's: it is reached from its policy (the renewal
      // banner) and the renewal pages, and the proposal pages send it home (spec 2 §2).
      return rows
        .filter((row) => row.kind !== 'RENEWAL' && canAccessProposal(request.principal, row))
        .map(answer);
    },
  );

  app.get(
    '/proposals/:code',
    {
      config,
      serializerCompiler,
      schema: {
        tags: TAGS,
        summary: 'One proposal',
        params: ProposalCodeParamsSchema,
        response: { 200: ProposalResponseSchema, ...errors },
      },
    },
    async (request) => answerOne(await loadOwnProposal(request, request.params.code)),
  );

  app.delete(
    '/proposals/:code',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Deletes a proposal that has not become a policy',
        params: ProposalCodeParamsSchema,
        response: { 204: z.null(), 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteProposal(deps, await loadOwnProposal(request, request.params.code));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/proposals/:code',
    {
      config,
      serializerCompiler,
      schema: {
        tags: TAGS,
        summary: 'Applies changes (all or none) and re-rates when applyRating is true',
        description:
          'Each change is one of the change types; a disclosure change carries `update`: ' +
          '[{ path, attribute, value }] where path (optionally prefixed "data.") and attribute ' +
          'name the answer, e.g. { path: "data.firstName", attribute: "firstName" }. An invalid ' +
          'change answers 400 with details.fields and saves nothing; a stale revision answers 409.',
        params: ProposalCodeParamsSchema,
        body: UpdateProposalRequestSchema,
        response: { 200: ProposalResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { code } = request.params;
      const row = await service.updateOwnProposal(deps, {
        ...request.body,
        proposalCode: code,
        load: (options) => loadOwnProposal(request, code, options),
        canAccess: (cached) => canAccessProposal(request.principal, cached),
        editor: editorOf(request.principal),
      });
      return answerOne(row);
    },
  );

  app.put(
    '/proposals/:code/id-check',
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Checks the policyholder's identity",
        params: ProposalCodeParamsSchema,
        response: { 200: IdCheckResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.checkIdentity(deps, await loadOwnProposal(request, request.params.code)),
  );

  app.put(
    '/proposals/:code/verify',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Verifies the customer: identity checks and our business checks',
        params: ProposalCodeParamsSchema,
        response: { 200: VerifyResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.verifyCustomer(deps, await loadOwnProposal(request, request.params.code)),
  );

  app.post(
    '/proposals/:code/retain',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'E-mails a link back to the quote',
        params: ProposalCodeParamsSchema,
        body: RetainProposalRequestSchema.optional(),
        response: { 202: RetainProposalResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await loadOwnProposal(request, request.params.code);
      await service.retainProposal(deps, row, { email: request.body?.email });
      return reply.code(202).send({ sent: true });
    },
  );

  app.post(
    '/proposals/:code/tracking',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Saves tracking values (utm_*) of the session on the proposal',
        params: ProposalCodeParamsSchema,
        body: TrackingValuesSchema,
        response: { 200: ProposalResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadOwnProposal(request, request.params.code);
      return answer(await service.saveTracking(deps, row, request.body));
    },
  );

  app.patch(
    '/proposals/:code/promotions/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Activates a promotion with its activation code',
        params: PromotionParamsSchema,
        body: ActivatePromotionRequestSchema,
        response: { 200: ProposalResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadOwnProposal(request, request.params.code);
      return answer(
        await service.activatePromotion(deps, row, {
          promotionId: request.params.id,
          activationCode: request.body.promotionActivationCode,
        }),
      );
    },
  );

  app.put(
    '/proposals/:code/autoRenewal',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Turns auto-renewal of the future policy on or off',
        params: ProposalCodeParamsSchema,
        body: SetAutoRenewalRequestSchema,
        response: { 200: ProposalResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadOwnProposal(request, request.params.code);
      return answer(await service.setAutoRenewal(deps, row, request.body.enabled));
    },
  );
};
