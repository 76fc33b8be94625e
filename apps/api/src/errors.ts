import { ERROR_CODES, ErrorBodySchema, type ErrorBody, type ErrorCode } from '@motor/contract';

export { ERROR_CODES, type ErrorCode };

/**
 * The one mapping from error code to HTTP status. Codes (from @motor/contract):
 * - BAD_REQUEST 400: the request cannot be understood (malformed JSON, wrong content).
 * - VALIDATION_FAILED 400: well-formed but some fields are wrong; `details.fields` lists them.
 * - UNAUTHORIZED 401: no valid token. The client signs the user out / in again.
 * - PAYMENT_REQUIRED 402: a payment was declined or needs the customer to act.
 * - FORBIDDEN 403: signed in but not allowed (someone else's policy, a missing permission).
 * - NOT_FOUND 404: no such route or object (also used for objects the caller may not see).
 * - CONFLICT 409: the object changed meanwhile (stale revision) or the action is not allowed in
 *   its current state.
 * - GONE 410: it existed but has expired (a quote, an adjustment's confirmation window).
 * - PAYLOAD_TOO_LARGE 413, UNSUPPORTED_MEDIA_TYPE 415: uploads and bodies.
 * - RATE_LIMITED 429: too many attempts (one-time codes, lookups).
 * - INTERNAL 500: a bug or an unexpected failure; the body never says more than that.
 * - UNAVAILABLE 503: a dependency (database, provider) is down; worth retrying later.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side.';

/**
 * The only error type the API throws on purpose. `message` is shown to the user, so write it
 * for them; put anything for engineers in `details` (sent) or `cause` (logged, never sent).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The error code for an HTTP status that did not come from an AppError (e.g. Fastify's 415). */
export function findCodeForStatus(status: number): ErrorCode | null {
  if (status === 400) return 'BAD_REQUEST';
  const match = ERROR_CODES.find((code) => ERROR_STATUS[code] === status);
  return match ?? null;
}

export function createErrorBody(options: {
  code: ErrorCode;
  message: string;
  requestId: string;
  details?: unknown;
}): ErrorBody {
  const { code, message, requestId, details } = options;
  return { error: { code, message, requestId, ...(details === undefined ? {} : { details }) } };
}

/** A route schema's error answers: every status listed answers with the one error body. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<
    S,
    typeof ErrorBodySchema
  >;
}
