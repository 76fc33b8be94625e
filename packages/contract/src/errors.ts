import { z } from 'zod';

/**
 * Every error code the API can answer with. The server maps each code to one HTTP status
 * (apps/api/src/errors.ts); the browser decides what to show from the code, never from the text.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** One problem with one input field, as reported by a VALIDATION_FAILED error. */
export const FieldErrorSchema = z.object({
  /** Where the value was: body, querystring, params or headers. */
  in: z.string(),
  /** Dotted path inside that part, e.g. `policyholder.dateOfBirth`; empty for the whole part. */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: ErrorCodeSchema,
      /** A sentence safe to show to the user; never internals. */
      message: z.string(),
      /** Quote it to support: the same id is in the server log and the x-request-id header. */
      requestId: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
