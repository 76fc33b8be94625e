import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from './errors';

describe('isDomainError', () => {
  const error = new DomainError('CANCELLATION_NOT_ALLOWED', 'no');
  it.each([
    [error, undefined, true],
    [error, 'CANCELLATION_NOT_ALLOWED', true],
    [error, 'INVALID_DATE', false],
    [new Error('no'), undefined, false],
    ['CANCELLATION_NOT_ALLOWED', undefined, false],
  ] as const)('%o with code %s → %s', (value, code, expected) => {
    expect(isDomainError(value, code)).toBe(expected);
  });

  it('keeps name, code and message', () => {
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.code).toBe('CANCELLATION_NOT_ALLOWED');
    expect(error.message).toBe('no');
  });
});
