import type { ServerResponse } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { definePlugin } from '../../app-types';

/**
 * The Content-Security-Policy the SPA, the sandbox pages and the API docs run under.
 * Everything comes from our own origin; nothing inline may run.
 *
 * style-src allows 'unsafe-inline' because the UI kit (Radix, via react-remove-scroll) injects
 * <style> elements at run time and Swagger UI sets style attributes; inline styles cannot run
 * code, so this weakens the policy far less than an inline script would. Tighten it with a
 * per-response nonce if those dependencies go.
 *
 * The docs page (/api/docs, @fastify/swagger-ui) loads only external scripts and styles from its
 * own /api/docs/static/ and the spec from /api/docs/json, so it works under the same policy; its
 * validator badge (an external image) is switched off in the docs plugin.
 */
/** Browser features the app never uses are switched off for it and anything it frames. */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

// /dev/ (not in production) shows the outbox: messages with names, addresses and one-time codes.
const NO_STORE_PREFIXES = ['/api/', '/sandbox/', '/auth/', '/dev/'];

const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // Sandbox payment pages (/sandbox/...) open in an iframe modal of the SPA.
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
} as const;

/**
 * The headers helmet sets with these options, in its order and spelling. @fastify/helmet builds
 * helmet's middleware anew on every request (a few % of a rated PATCH's CPU) although the headers
 * never change, so they are taken once from a throw-away instance running it.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  let headers: [string, string][] = [];
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => {
    // getRawHeaderNames keeps helmet's spelling; @types/node 20 lacks it on responses.
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))]);
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return headers;
}

type ApplySecurityHeaders = (url: string, raw: ServerResponse) => void;

/** Each app's own headers (http and https apps differ), for answers no hook runs for. */
const appliers = new WeakMap<object, ApplySecurityHeaders>();

/**
 * Sets the security headers of `server` (the app) on a response that skips the onRequest hooks:
 * Fastify's frameworkErrors (a URL it cannot route) answer before any hook runs.
 */
export function applySecurityHeaders(server: object, url: string, raw: ServerResponse): void {
  appliers.get(server)?.(url, raw);
}

export const securityHeadersPlugin = definePlugin<{ isHttps: boolean }>(
  'security-headers',
  async (app, options) => {
    const directives: Record<string, string[]> = Object.fromEntries(
      Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [name, [...values]]),
    );
    // Upgrading to https and HSTS only make sense when we are served over https: on plain
    // http://localhost or a LAN address they would break the page.
    if (options.isHttps) directives['upgrade-insecure-requests'] = [];
    const headers = await helmetHeaders({
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: options.isHttps
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    });
    if (headers.length === 0) throw new Error('helmet set no headers');
    const apply: ApplySecurityHeaders = (url, raw) => {
      for (const [name, value] of headers) raw.setHeader(name, value);
      raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      // API answers and the sandbox's payment pages are personal: no cache keeps them (a route
      // that may be cached says so itself, after this).
      if (NO_STORE_PREFIXES.some((prefix) => url.startsWith(prefix))) {
        raw.setHeader('cache-control', 'no-store');
      }
    };
    appliers.set(app, apply);
    // On the raw response, as helmet does, on every route and on 404s.
    app.addHook('onRequest', (request, reply, done) => {
      apply(request.url, reply.raw);
      done();
    });
  },
);
