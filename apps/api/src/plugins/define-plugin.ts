import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type AppPlugin<Options extends Record<string, unknown> = Record<never, never>> =
  FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

/**
 * Marks a plugin as not encapsulated, so its hooks, decorators and handlers apply to the whole
 * app (what the `fastify-plugin` package does, without the dependency). Route modules are
 * registered as ordinary, encapsulated plugins instead.
 */
export function definePlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: AppPlugin<Options>,
): AppPlugin<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
