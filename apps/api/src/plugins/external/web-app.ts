import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createErrorBody } from '../../errors';
import { definePlugin } from '../../app-types';

/** Paths the SPA never owns: unknown URLs under them are 404s, not the app's index.html. */
const RESERVED_PREFIXES = ['/api', '/auth', '/sandbox', '/dev'] as const;

const ASSET_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function isReservedPath(urlPath: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  // Like Vite's and connect-history-api-fallback's rule: browsers send text/html, curl */*.
  return accept.includes('text/html') || accept.includes('*/*');
}

function readPath(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

/** Is this a browser navigation that the SPA's router should answer? */
function isHistoryFallback(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isReservedPath(readPath(request)) &&
    // A build file that is not there is a 404, never the app's HTML under a script's name.
    !readPath(request).startsWith('/assets/') &&
    acceptsHtml(request)
  );
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>Web app not built</title></head>
<body>
<h1>The web app has not been built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first) from the
repository root, then reload this page. The API is up: see <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/**
 * Serves the built SPA (WEB_DIST_DIR) and answers every URL no route claimed:
 * browser navigations outside the reserved prefixes get index.html (history fallback), all other
 * misses get a JSON 404. The dist folder is looked for on each miss, so building the web while
 * the server runs works without a restart.
 */
export const webAppPlugin = definePlugin<{ webDistDir: string }>(
  'web-app',
  async (app, options) => {
    const root = path.resolve(options.webDistDir);
    const indexPath = path.join(root, 'index.html');

    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      // Files are found at request time (not globbed at start-up), for the reason above.
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz next to each text asset (apps/web/vite-precompress.ts).
      preCompressed: true,
      allowedPath: (pathName) => !isReservedPath(pathName),
      setHeaders: (reply, filePath) => {
        const isAsset = path.relative(root, filePath).split(path.sep)[0] === 'assets';
        reply.header('cache-control', isAsset ? ASSET_CACHE : REVALIDATE);
      },
    });

    async function sendIndex(reply: FastifyReply) {
      if (!existsSync(indexPath)) {
        return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      }
      return reply.header('cache-control', REVALIDATE).sendFile('index.html', root);
    }

    function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
      return reply.code(404).send(
        createErrorBody({
          code: 'NOT_FOUND',
          message: `There is nothing at ${request.method} ${readPath(request)}.`,
          requestId: request.id,
        }),
      );
    }

    // Without this route the static plugin would answer `/` (a directory) with 403.
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      isHistoryFallback(request) ? sendIndex(reply) : sendNotFound(request, reply),
    );

    app.setNotFoundHandler(async (request, reply) =>
      isHistoryFallback(request) ? sendIndex(reply) : sendNotFound(request, reply),
    );
  },
);
