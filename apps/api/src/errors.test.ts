import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, ERROR_STATUS, createErrorBody, findCodeForStatus } from './errors';

describe('AppError', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_STATUS).toEqual({
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
    });
  });

  it('carries code, message, details and status', () => {
    const error = new AppError('GONE', 'This quote has expired.', { proposalCode: 'p1' });
    expect(error).toBeInstanceOf(Error);
    expect(error.statusCode).toBe(410);
    expect(error.code).toBe('GONE');
    expect(error.message).toBe('This quote has expired.');
    expect(error.details).toEqual({ proposalCode: 'p1' });
  });

  it('finds a code for the statuses Fastify produces itself', () => {
    expect(findCodeForStatus(400)).toBe('BAD_REQUEST');
    expect(findCodeForStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    expect(findCodeForStatus(415)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(findCodeForStatus(418)).toBeNull();
  });

  it('leaves details out of the body when there are none', () => {
    expect(createErrorBody({ code: 'NOT_FOUND', message: 'No.', requestId: 'r1' })).toEqual({
      error: { code: 'NOT_FOUND', message: 'No.', requestId: 'r1' },
    });
  });
});
