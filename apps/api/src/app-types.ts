import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawServerDefault,
} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from './clock';
import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/client';
import type { Providers } from './providers';
import type { RouteAccess } from './modules/identity';

// The ground floor (issue 20): the app's types, imported by routes, plugins and the composition
// root alike. A leaf: it imports only types and fastify-plugin, so no import runs back up to
// app.ts, which assembles everything.

// Module augmentation only works with interfaces.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    config: Config;
    /** The query builder, for repositories. */
    db: Db;
    /** The connection itself: kind, ping, close. Closed by whoever opened it, not by the app. */
    database: DatabaseHandle;
    providers: Providers;
    clock: Clock;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * Who may call the route. Every route under /api must say; a route without it answers
     * 401/403 to everyone. `public` lets anybody in (the principal is still resolved). Declared
     * here, on the ground floor, so that every route module sees it through `AppPlugin`.
     */
    access?: readonly RouteAccess[];
    /**
     * The permission an admin must hold besides the role (403 without it, checked with
     * `access`); absent: any admin the route accepts (decision 033).
     */
    permission?: string;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What services and jobs are given: plain dependencies, never the Fastify instance (which
 * satisfies this, so a route passes `app`; a test or a script passes a plain object).
 */
export type ServiceDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  providers: Providers;
  log: FastifyBaseLogger;
};

/** A route module: registered encapsulated, under a prefix. */
export type AppPlugin<Options extends Record<string, unknown> = Record<never, never>> =
  FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

/**
 * A plugin whose hooks, decorators and handlers apply to the whole app (not encapsulated),
 * through fastify-plugin.
 */
export function definePlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: AppPlugin<Options>,
): AppPlugin<Options> {
  return fastifyPlugin(plugin, { name, fastify: '5.x' });
}
