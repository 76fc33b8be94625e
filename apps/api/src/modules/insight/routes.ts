import {
  AnalyticsEventAcceptedResponseSchema,
  AnalyticsEventRequestSchema,
  ErrorBodySchema,
  InsightsFunnelQuerySchema,
  InsightsFunnelResponseSchema,
  FeedbackRequestSchema,
  ImpressionRequestSchema,
  InsightAcceptedResponseSchema,
} from '@motor/contract';
import { insightFeedback, insightImpressions } from './tables';
import type { AppPlugin } from '../../app-types';
import { AppError, errorResponses } from '../../errors';
import {
  enforceRateLimits,
  getOwnerUserId,
  MINUTE_MS,
  perClientAndSession,
  PERMISSIONS,
  staffWith,
  type RouteAccess,
} from '../identity';
import { getOwnPolicy } from '../policy';
import { getOwnProposal } from '../proposal';
import { hasAnalyticsConsent, recordAnalyticsEvent } from './analytics';
import { getInsightsFunnel } from './funnel';

const ACCESS: readonly RouteAccess[] = ['anonymous', 'customer', 'admin'];
export const NO_CONSENT_MESSAGE =
  'Analytics are recorded only with consent: accept analytics cookies first.';
/** A page sends a few events a view: these stop a script, not a customer. */
const EVENTS_PER_SESSION_PER_MINUTE = 240;
const EVENTS_PER_CLIENT_PER_MINUTE = 1_200;
const errors = errorResponses(400, 401, 403, 404);

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

  app.post(
    '/analytics/events',
    {
      // Staff are never tracked: their clicks are not a customer's journey.
      config: { access: ['anonymous', 'customer'] },
      schema: {
        tags: ['insights'],
        summary: 'Records an analytics event of the caller’s page (only with consent)',
        description:
          'Refused (403) unless the request carries the cookieConsent cookie set to true. A ' +
          'quote or policy named must be the caller’s own. 240 a minute per session.',
        body: AnalyticsEventRequestSchema,
        response: { 202: AnalyticsEventAcceptedResponseSchema, ...errors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (!hasAnalyticsConsent(request.headers.cookie)) {
        throw new AppError('FORBIDDEN', NO_CONSENT_MESSAGE);
      }
      await enforceRateLimits(
        app,
        MINUTE_MS,
        perClientAndSession('analytics', request, {
          perClient: EVENTS_PER_CLIENT_PER_MINUTE,
          perSession: EVENTS_PER_SESSION_PER_MINUTE,
        }),
      );
      await recordAnalyticsEvent(
        { db: app.db, clock: app.clock, analytics: app.providers.analytics },
        request.principal,
        request.body,
      );
      return reply.code(202).send({ accepted: true });
    },
  );

  app.get(
    '/admin/insights',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'The quote funnel by product for a range of London days (staff)',
        querystring: InsightsFunnelQuerySchema,
        response: { 200: InsightsFunnelResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      if (from > to) throw new AppError('BAD_REQUEST', 'The first day must not be after the last.');
      return reply
        .header('cache-control', 'no-store')
        .send(await getInsightsFunnel(app.db, { from, to }));
    },
  );
};
