import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { AppError } from '../../errors';
import {
  IMPERSONATE_HEADER,
  NOT_AUTHORISED_MESSAGE,
  SIGN_IN_REQUIRED_MESSAGE,
  TokenService,
  type Principal,
} from '../../modules/identity';
import { definePlugin } from '../../app-types';

// Module augmentation only works with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; `{ kind: 'none' }` without a valid bearer token. */
    principal: Principal;
  }
  interface FastifyInstance {
    /** Issues anonymous tokens and verifies bearer tokens. */
    tokens: TokenService;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const NONE: Principal = { kind: 'none' };

/** Routes registered by plugins we do not write (API docs) that anyone may read. */
const PUBLIC_PREFIXES = ['/api/docs', '/api/openapi.json'];

function readBearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves `request.principal` from the bearer token and enforces the route's `config.access`
 * (default deny under /api): nobody → 401 UNAUTHORIZED, somebody of the wrong kind → 403.
 * The first request an admin makes for an impersonated customer with a given token leaves an
 * audit row `session.impersonate`.
 */
export const authenticatePlugin = definePlugin('authenticate', async (app) => {
  const tokens = new TokenService({ db: app.db, clock: app.clock, config: app.config });
  app.decorate('tokens', tokens);
  // A reference type may not be a decorator's initial value: each request sets its own below.
  const principals = new WeakMap<object, Principal>();
  app.decorateRequest('principal', {
    getter(this: object) {
      return principals.get(this) ?? NONE;
    },
    setter(this: object, value: Principal) {
      principals.set(this, value);
    },
  });
  const auditedTokens = new Set<string>();

  app.addHook('onRoute', (route) => {
    if (PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
      route.config = { ...(route.config ?? {}), access: ['public'] };
    }
  });

  async function auditImpersonation(principal: Principal, tokenId: string): Promise<void> {
    if (principal.kind !== 'admin' || principal.actingForUserId === null) return;
    const target = `token:${tokenId}`;
    if (auditedTokens.has(target)) return;
    // Claimed before the first await: the requests a page sends at once with a new token would
    // otherwise each find no row yet and each write one.
    auditedTokens.add(target);
    try {
      const existing = await app.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'session.impersonate'), eq(auditLog.target, target)))
        .limit(1);
      if (existing.length === 0) {
        await app.db.insert(auditLog).values({
          actorUserId: principal.userId,
          subjectUserId: principal.actingForUserId,
          action: 'session.impersonate',
          target,
          at: app.clock.now(),
        });
      }
    } catch (error) {
      auditedTokens.delete(target); // not written: the next request tries again
      throw error;
    }
  }

  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith('/api/') && url !== '/api') return;

    const token = readBearerToken(request.headers.authorization);
    if (token) {
      const header = request.headers[IMPERSONATE_HEADER];
      const impersonateUserId = typeof header === 'string' && header.trim() ? header.trim() : null;
      const verified = await tokens.verifyAccessToken(token, { impersonateUserId });
      if (verified) {
        request.principal = verified.principal;
        await auditImpersonation(verified.principal, verified.payload.jti ?? token.slice(-32));
      } else {
        request.log.info('bearer token did not verify');
      }
    }

    // No matched /api route (404, or the SPA's static wildcard): the not-found handling answers.
    const routeUrl = request.routeOptions.url;
    if (request.is404 || !routeUrl?.startsWith('/api')) return;
    const access = request.routeOptions.config.access;
    if (access?.includes('public')) return;
    if (request.principal.kind === 'none') {
      throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
    }
    if (!access) {
      request.log.error({ route: routeUrl }, 'route declares no config.access');
      throw new AppError('FORBIDDEN', NOT_AUTHORISED_MESSAGE);
    }
    if (!access.includes(request.principal.kind)) {
      throw new AppError('FORBIDDEN', NOT_AUTHORISED_MESSAGE);
    }
  });
});
