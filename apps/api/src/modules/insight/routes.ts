import {
  ErrorBodySchema,
  FeedbackRequestSchema,
  ImpressionRequestSchema,
  InsightAcceptedResponseSchema,
} from '@motor/contract';
import { insightFeedback, insightImpressions } from '../../db/schema';
import type { AppPlugin } from '../../app-types';
import { getOwnerUserId, type RouteAccess } from '../identity';
import { getOwnPolicy } from '../policy';
import { getOwnProposal } from '../proposal';

const ACCESS: readonly RouteAccess[] = ['anonymous', 'customer', 'admin'];
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/**
 * Insights (spec 3 §7): the bind feedback survey, tagged with the policy it is about, and one
 * impression per proposal. Both only for the caller's own policy or proposal (404 otherwise).
 */
export const insightRoutes: AppPlugin = async (app) => {
  app.post(
    '/insights/feedback',
    {
      config: { access: ACCESS },
      schema: {
        tags: ['insights'],
        summary: 'Stores a feedback rating (1 to 10) about a policy',
        body: FeedbackRequestSchema,
        response: { 201: InsightAcceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ownerUserId = getOwnerUserId(request.principal);
      const { policyId, rating, comment, type, tags } = request.body;
      await getOwnPolicy(app.db, request.principal, policyId);
      await app.db.insert(insightFeedback).values({
        ownerUserId,
        type,
        policyId,
        rating,
        comment: comment?.trim() || null,
        tags: { ...tags, policyId },
        createdAt: app.clock.now(),
      });
      return reply.code(201).send({ accepted: true });
    },
  );

  app.post(
    '/insights/impression',
    {
      config: { access: ACCESS },
      schema: {
        tags: ['insights'],
        summary: 'Records that a proposal was seen: once per proposal, repeats change nothing',
        body: ImpressionRequestSchema,
        response: { 200: InsightAcceptedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { proposalCode, values } = request.body;
      const proposal = await getOwnProposal(app.db, request.principal, proposalCode);
      await app.db
        .insert(insightImpressions)
        .values({
          proposalCode,
          ownerUserId: proposal.ownerUserId,
          values: values ?? {},
          createdAt: app.clock.now(),
        })
        .onConflictDoNothing({ target: insightImpressions.proposalCode });
      return { accepted: true as const };
    },
  );
};
