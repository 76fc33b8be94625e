import formbody from '@fastify/formbody';
import type { App } from './app-types';

/**
 * Mounts server-rendered pages that take plain HTML form posts (the sign-in pages, the sandbox
 * providers' hosted pages): `routes` adds them in a scope of their own that parses urlencoded
 * bodies, so the JSON API beside them never accepts one.
 */
export async function registerFormPages(
  app: App,
  routes: (pages: App) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody);
    await routes(scope);
  });
}
