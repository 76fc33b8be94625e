import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '@motor/contract';
import {
  AppError,
  createErrorBody,
  ERROR_STATUS,
  findCodeForStatus,
  INTERNAL_ERROR_MESSAGE,
} from '../../errors';
import { definePlugin } from '../../app-types';
import { applySecurityHeaders } from '../external/security-headers';
import { isDatabaseDataError, refuseNulCharacters } from './control-characters';
import { REQUEST_ID_HEADER } from './request-id';
import { recordError } from '../../modules/error-tracker';

type ValidationIssue = { instancePath?: string; message?: string };

const MAX_FIELDS_IN_MESSAGE = 3;

/** Turns Fastify's validation issues (from zod or ajv) into our per-field details. */
function toFieldErrors(
  issues: readonly ValidationIssue[],
  location: string | undefined,
): FieldError[] {
  return issues.map((issue) => ({
    in: location ?? 'request',
    path: (issue.instancePath ?? '').split('/').filter(Boolean).join('.'),
    message: issue.message ?? 'is not valid',
  }));
}

function describeFields(fields: readonly FieldError[]): string {
  const shown = fields
    .slice(0, MAX_FIELDS_IN_MESSAGE)
    .map((field) => `${field.path || field.in}: ${field.message}`);
  const more = fields.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

function hasValidationIssues(
  error: unknown,
): error is FastifyError & { validation: ValidationIssue[] } {
  return (
    typeof error === 'object' &&
    error !== null &&
    Array.isArray((error as { validation?: unknown }).validation)
  );
}

function readStatusCode(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** A 429's wait (RFC 9110 Retry-After, seconds), from the rate limit that refused the call. */
function readRetryAfterSeconds(error: AppError): number | null {
  if (error.code !== 'RATE_LIMITED') return null;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(1, seconds) : null;
}

/** An error nobody expected goes to the error tracker too; tracking never fails the answer. */
async function trackError(request: FastifyRequest, error: unknown): Promise<void> {
  const thrown = error instanceof Error ? error : new Error(String(error));
  await recordError(request.server, {
    source: 'server',
    name: thrown.name,
    message: thrown.message,
    stack: thrown.stack ?? null,
    location: `${request.method} ${request.routeOptions?.url ?? 'unmatched'}`,
    requestId: request.id,
  }).catch((trackingError: unknown) =>
    request.log.warn({ err: trackingError }, 'could not record the error in the error tracker'),
  );
}

/**
 * The one place where errors become responses:
 * - AppError → its code's status, its message and details;
 * - request validation (zod schemas) → 400 VALIDATION_FAILED with one entry per bad field;
 * - Fastify's own client errors (bad JSON, wrong content type, body too large) → their 4xx;
 * - a value the database refuses (PostgreSQL data exception) → 400 BAD_REQUEST;
 * - anything else → 500 INTERNAL with a fixed message; the real error goes to the log only.
 */
export async function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const requestId = request.id;

  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    else request.log.info({ code: error.code }, error.message);
    const retryAfter = readRetryAfterSeconds(error);
    if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
    return reply.code(error.statusCode).send(
      createErrorBody({
        code: error.code,
        message: error.message,
        requestId,
        details: error.details,
      }),
    );
  }

  if (hasValidationIssues(error)) {
    const fields = toFieldErrors(error.validation, error.validationContext);
    request.log.info({ fields }, 'request validation failed');
    return reply.code(ERROR_STATUS.VALIDATION_FAILED).send(
      createErrorBody({
        code: 'VALIDATION_FAILED',
        message: `The request is not valid: ${describeFields(fields)}.`,
        requestId,
        details: { fields },
      }),
    );
  }

  const status = readStatusCode(error);
  if (status !== undefined && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    const message = error instanceof Error ? error.message : 'The request is not valid.';
    return reply
      .code(status)
      .send(
        createErrorBody({ code: findCodeForStatus(status) ?? 'BAD_REQUEST', message, requestId }),
      );
  }

  // A value the database refuses (a data exception) is the request's fault, not ours.
  if (isDatabaseDataError(error)) {
    request.log.warn({ err: error }, 'the database refused a value of the request');
    return reply.code(ERROR_STATUS.BAD_REQUEST).send(
      createErrorBody({
        code: 'BAD_REQUEST',
        message: 'The request contains a value that cannot be stored. Check it and try again.',
        requestId,
      }),
    );
  }

  request.log.error({ err: error }, 'unhandled error');
  await trackError(request, error);
  return reply
    .code(ERROR_STATUS.INTERNAL)
    .send(createErrorBody({ code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE, requestId }));
}

/** What the client is told when the URL itself cannot be routed (bad %-encoding, too long). */
const BAD_URL_MESSAGE = 'The address of the request is not valid.';

/**
 * Fastify's `frameworkErrors`: errors raised before routing (a URL whose %-encoding is not UTF-8,
 * a path parameter over maxParamLength). Without it Fastify writes its own body, not the error
 * shape of spec 1 §8, and without the request id. The status stays Fastify's (400, 414); the
 * message does not echo the URL.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = readStatusCode(error);
  if (status === undefined || status < 400 || status >= 500) {
    return handleError(error, request, reply);
  }
  request.log.info({ code: error.code }, 'the URL could not be routed');
  // No onRequest hook ran: the headers every other answer gets are set here.
  applySecurityHeaders(request.server, request.url, reply.raw);
  return reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .header('cache-control', 'no-store')
    .send(
      createErrorBody({ code: 'BAD_REQUEST', message: BAD_URL_MESSAGE, requestId: request.id }),
    );
}

export const errorHandlerPlugin = definePlugin('error-handler', async (app) => {
  app.setErrorHandler(handleError);
  // After parsing, before schema validation and every handler: one place for the NUL check.
  app.addHook('preValidation', async (request) => refuseNulCharacters(request));
});
