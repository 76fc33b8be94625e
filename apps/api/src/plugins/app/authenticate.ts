import { AppError } from '../../errors';
import { latestAuditAt, recordAudit } from '../../modules/audit';
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
 * (default deny under /api): nobody → 401 UNAUTHORIZED, somebody of the wrong kind → 403, an
 * admin without the route's `config.permission` → 403. The first request an admin makes for
 * each customer they act for with a given token leaves an audit row `session.impersonate`; a
 * staff action the API refuses leaves `staff.refused` (issue 31 item 4).
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

  /**
   * Every start of acting for a customer leaves `session.impersonate`: the first request for
   * each customer with a given token, and the first after the staff member stopped acting for
   * them (`session.impersonate.end`). Acting is carried by a header, so one token may act for
   * several customers in turn, and for the same one again.
   */
  async function auditImpersonation(
    principal: Principal,
    tokenId: string,
    isStopping: boolean,
  ): Promise<void> {
    if (principal.kind !== 'admin' || principal.actingForUserId === null) return;
    const { userId, actingForUserId } = principal;
    const target = `token:${tokenId}`;
    const key = `${target} ${actingForUserId}`;
    if (isStopping) {
      // The stop itself starts nothing; whatever comes after it for this customer does.
      auditedTokens.delete(key);
      return;
    }
    if (auditedTokens.has(key)) return;
    // Claimed before the first await: the requests a page sends at once with a new token would
    // otherwise each find no row yet and each write one.
    auditedTokens.add(key);
    try {
      const started = await latestAuditAt(app.db, {
        actorUserId: userId,
        subjectUserId: actingForUserId,
        action: 'session.impersonate',
        target,
      });
      const stopped = await latestAuditAt(app.db, {
        actorUserId: userId,
        subjectUserId: actingForUserId,
        action: 'session.impersonate.end',
      });
      // Another process may have recorded this start already (the cache is per process).
      if (started && (!stopped || started > stopped)) return;
      await recordAudit(app.db, {
        actorUserId: userId,
        subjectUserId: actingForUserId,
        action: 'session.impersonate',
        target,
        at: app.clock.now(),
      });
    } catch (error) {
      auditedTokens.delete(key); // not written: the next request tries again
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
        const isStopping =
          request.method === 'DELETE' && request.routeOptions.url === '/api/session/impersonation';
        await auditImpersonation(
          verified.principal,
          verified.payload.jti ?? token.slice(-32),
          isStopping,
        );
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
    const { permission } = request.routeOptions.config;
    if (
      permission &&
      request.principal.kind === 'admin' &&
      !request.principal.permissions.includes(permission)
    ) {
      throw new AppError('FORBIDDEN', NOT_AUTHORISED_MESSAGE, { permission });
    }
  });

  // A staff member's refused attempt is part of what they did (a phone payment answered 409, a
  // page their permissions do not open): written before the answer leaves, as other rows are.
  app.addHook('onSend', async (request, reply) => {
    const { principal } = request;
    if (principal.kind !== 'admin' || !request.routeOptions.url?.startsWith('/api')) return;
    const status = reply.statusCode;
    const isWrite = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
    if (status < 400 || status >= 500 || (!isWrite && status !== 403)) return;
    try {
      await recordAudit(app.db, {
        actorUserId: principal.userId,
        subjectUserId: principal.actingForUserId,
        action: 'staff.refused',
        // The path without its query (a search's query is personal data), and the answer.
        target: `${request.method} ${request.url.split('?')[0]} ${status}`,
        at: app.clock.now(),
      });
    } catch (error) {
      // The refusal stands as answered; a lost row is logged rather than turned into a 500.
      request.log.error({ err: error }, 'could not audit a refused staff action');
    }
  });
});
