import { z } from 'zod';
import { ErrorBodySchema } from '@motor/contract';
import { AppError } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { recordCustomerAudit } from '../audit';
import { findProposalForBackBook } from './back-book';
import { enforceRateLimits, HOUR_MS } from './rate-limit';

const BACK_BOOK_FAILED_MESSAGE =
  'We could not find a quote with those details. Check your policy reference, date of birth and postcode.';
const BACK_BOOK_WINDOW_MS = 15 * 60 * 1000;
const BACK_BOOK_LIMIT_PER_CLIENT = 10;
const BACK_BOOK_LIMIT_PER_REFERENCE = 5;

const BackBookRequestSchema = z
  .object({
    externalReference: z.string().trim().min(1).max(40),
    dateOfBirth: z.iso.date(),
    postalCode: z.string().trim().min(5).max(8),
    brand: z.string().trim().min(1).max(40),
  })
  .meta({ id: 'BackBookSessionRequest' });

const SessionTokenResponseSchema = z
  .object({
    accessToken: z.string().describe('A bearer token for /api; keep it in session storage.'),
    expiresIn: z.number().int().describe('Seconds until it expires.'),
  })
  .meta({ id: 'SessionToken' });

/**
 * Anonymous sessions. POST /api/session makes a new anonymous user, or, called with a
 * still-valid anonymous token, gives a fresh token for the same user (and the same proposal
 * scope, for a back-book session).
 */
export const sessionRoutes: AppPlugin = async (app) => {
  app.post(
    '/session',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['identity'],
        summary: 'Start or refresh an anonymous session',
        description:
          'New sessions are counted per client (SESSIONS_PER_CLIENT_PER_HOUR): 429 with ' +
          'Retry-After beyond it. A refresh with a still-valid anonymous token is not counted.',
        response: { 200: SessionTokenResponseSchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (principal.kind === 'anonymous') {
        const issued = await app.tokens.issueAnonymousToken({
          userId: principal.userId,
          proposalScope: principal.proposalScope,
        });
        return { accessToken: issued.accessToken, expiresIn: issued.expiresIn };
      }
      // Every new session is a new user that may own quotes: minting is counted per client.
      await enforceRateLimits(app, HOUR_MS, [
        [`session:client:${request.ip}`, app.config.rateLimits.sessions.perClient],
      ]);
      const issued = await app.tokens.issueAnonymousToken({});
      return { accessToken: issued.accessToken, expiresIn: issued.expiresIn };
    },
  );

  app.post(
    '/session/back-book',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['identity'],
        summary: 'A session that reaches one saved quote (retrieve form)',
        description:
          'All three of reference, date of birth and postcode must match; a 401 never says ' +
          'which did not. Rate-limited per client and per reference (429).',
        body: BackBookRequestSchema,
        response: { 200: SessionTokenResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      await enforceRateLimits(app, BACK_BOOK_WINDOW_MS, [
        [`back-book:client:${request.ip}`, BACK_BOOK_LIMIT_PER_CLIENT],
        [
          `back-book:reference:${body.externalReference.toUpperCase()}`,
          BACK_BOOK_LIMIT_PER_REFERENCE,
        ],
      ]);
      const proposal = await findProposalForBackBook(app.db, body);
      if (!proposal) throw new AppError('UNAUTHORIZED', BACK_BOOK_FAILED_MESSAGE);
      // A new anonymous user: the token reaches this proposal through its scope, never the
      // owner's account, policies or other proposals.
      const issued = await app.tokens.issueAnonymousToken({ proposalScope: proposal.proposalCode });
      return { accessToken: issued.accessToken, expiresIn: issued.expiresIn };
    },
  );

  app.delete(
    '/session/impersonation',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Stop acting for a customer',
        description:
          'Called by the staff console when a staff member stops acting for the customer named ' +
          'in X-Impersonate-User: leaves an audit row `session.impersonate.end`. Acting is ' +
          'carried by that header, so the web also forgets it. 204 when acting for nobody.',
      },
    },
    async (request, reply) => {
      const { principal } = request;
      if (principal.kind === 'admin' && principal.actingForUserId !== null) {
        await recordCustomerAudit(app.db, {
          actorUserId: principal.userId,
          userId: principal.actingForUserId,
          action: 'session.impersonate.end',
          at: app.clock.now(),
        });
      }
      return reply.code(204).send();
    },
  );
};
