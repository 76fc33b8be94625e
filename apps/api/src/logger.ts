import {
  pino,
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Level,
  type Logger,
  type LoggerOptions,
} from 'pino';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';

/**
 * Fields that carry personal data or secrets. Their values are replaced wherever they appear in
 * a log line, up to four levels deep (fast-redact has no "any depth" wildcard). Do not log whole
 * request bodies: log ids instead.
 */
const REDACTED_KEYS = [
  'email',
  'firstName',
  'lastName',
  'dateOfBirth',
  'phone',
  'phoneNumber',
  'postalCode',
  'postcode',
  'authorization',
  'cookie',
  'cookies',
  'set-cookie',
  'accessToken',
  'refreshToken',
  'idToken',
  'token',
  'password',
] as const;

export const REDACTION_CENSOR = '[Redacted]';

function toRedactPaths(keys: readonly string[]): string[] {
  return keys.flatMap((key) => {
    const segment = /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`;
    const top = segment.startsWith('.') ? segment.slice(1) : segment;
    return [top, `*${segment}`, `*.*${segment}`, `*.*.*${segment}`];
  });
}

// OAuth/OIDC parameters that are credentials or personal data in a URL (/callback?code=...,
// /auth/session/end?id_token_hint=...); only in URLs, since `code` in a log object is an error code.
const REDACTED_URL_ONLY_KEYS = [
  'code',
  'code_verifier',
  'id_token_hint',
  'login_hint',
  'access_token',
  'refresh_token',
  'recipient',
  // Address lookups search by postcode or street (`?query=SW1A 1AA`, `?container=GB|RM|PC|...`).
  'query',
  'container',
];

const REDACTED_QUERY_KEYS = new Set(
  [...REDACTED_KEYS, ...REDACTED_URL_ONLY_KEYS].map((key) => key.toLowerCase()),
);

/** A URL for the log: the path as is, the values of personal query parameters replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (REDACTED_QUERY_KEYS.has(key.toLowerCase())) params.set(key, REDACTION_CENSOR);
  }
  const query = params.toString();
  return query ? `${url.slice(0, queryStart)}?${query}` : url.slice(0, queryStart);
}

/**
 * An error for the log. A failed database query (drizzle's DrizzleQueryError) carries the bound
 * values — names, dates of birth, e-mail addresses — in `params` and in its message and stack, so
 * they are replaced; the SQL text stays (it has placeholders only) to find the failing query.
 */
export function serializeError(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error);
  const params = (error as { params?: unknown }).params;
  if (!Array.isArray(params)) return serialized;
  const withoutParams = (text: string) =>
    text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTION_CENSOR}`);
  return {
    ...serialized,
    message: withoutParams(serialized.message),
    stack: withoutParams(serialized.stack),
    params: `${REDACTION_CENSOR} (${params.length} values)`,
  };
}

// Fastify's default serializers would log the client's address and host; keep only what helps
// to find a request again. The request id is bound to every line as `reqId`.
const serializers = {
  req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url) }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
  err: serializeError,
};

export type CreateLoggerOptions = {
  level: Config['logLevel'];
  /** Where lines go; default stdout. Tests pass a stream to read the lines back. */
  destination?: DestinationStream;
  /** Human-readable lines (pino-pretty, a dev dependency). */
  isPretty?: boolean;
};

export function createLogger(options: CreateLoggerOptions): Logger {
  const base: LoggerOptions = {
    level: options.level,
    redact: { paths: toRedactPaths(REDACTED_KEYS), censor: REDACTION_CENSOR },
    serializers,
  };
  if (options.destination) return pino(base, options.destination);
  if (options.isPretty) {
    return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true } } });
  }
  return pino(base);
}

const LEVEL_METHODS: ReadonlySet<string> = new Set([
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
]);
const writeNothing = () => {};

/**
 * A request's logger (fastify's childLoggerFactory, `bindings` being its `reqId`, `options.level`
 * the route's level, which fastify sets to the app's unless the route has its own): the pino
 * child is made when the request first writes a line that level lets through. Making one
 * serialises and redacts the bindings, a visible share of a rated PATCH's CPU, and at level warn
 * most requests write no line. Until then, lines below the level are dropped as pino drops them.
 */
export function createRequestLogger(
  parent: Logger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): Logger {
  const level = options.level ?? parent.level;
  const threshold = parent.levels.values[level] ?? Infinity; // 'silent' has none
  const isLevelEnabled = (name: string) => (parent.levels.values[name] ?? -Infinity) >= threshold;
  let child: Logger | undefined;
  const made = () => (child ??= parent.child(bindings, options));
  return new Proxy(parent, {
    get(_target, property) {
      if (!child && typeof property === 'string') {
        if (LEVEL_METHODS.has(property)) {
          if (!isLevelEnabled(property)) return writeNothing;
          // Not made on reading: fastify reads every method to check the logger, per request.
          return (...args: unknown[]) =>
            (made()[property as Level] as (...args: unknown[]) => void)(...args);
        }
        if (property === 'child')
          return (...args: Parameters<Logger['child']>) => made().child(...args);
        if (property === 'level') return level;
        if (property === 'isLevelEnabled') return isLevelEnabled;
      }
      const logger = made();
      const value: unknown = Reflect.get(logger, property, logger);
      return typeof value === 'function' ? value.bind(logger) : value;
    },
    set(_target, property, value) {
      return Reflect.set(made(), property, value);
    },
  });
}
