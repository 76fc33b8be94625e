import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  NOT_REPORTED_MESSAGES,
  isReportable,
  reportError,
  setErrorReporter,
} from './error-reporting';

describe('error reporting', () => {
  afterEach(() => {
    setErrorReporter((error) => console.error(error));
  });

  it('pins the not-reported list', () => {
    expect(NOT_REPORTED_MESSAGES).toEqual([
      'internet connection',
      'invalid state',
      'Network Error',
      'If you already have an account with us, please sign in again.',
      'Wrong email or verification code',
    ]);
  });

  it.each([
    new Error('Please check your internet connection and try again.'),
    new Error('Invalid state'),
    new Error('Network Error'),
    new Error('If you already have an account with us, please sign in again.'),
    Object.assign(new Error('invalid_grant'), {
      error_description: 'Wrong email or verification code',
    }),
    new ApiError({ kind: 'NETWORK' }),
    new DOMException('The operation was aborted.', 'AbortError'),
  ])('does not report %s', (error) => {
    expect(isReportable(error)).toBe(false);
  });

  it('reports other errors to the reporter', () => {
    const sink = vi.fn();
    setErrorReporter(sink);
    const unexpected = new ApiError({ kind: 'UNEXPECTED', status: 500, data: null });
    reportError(unexpected, { where: 'test' });
    reportError(new Error('Network Error'));
    expect(sink).toHaveBeenCalledTimes(1);
    expect(sink).toHaveBeenCalledWith(unexpected, { where: 'test' });
  });

  it('reports to console.error by default', async () => {
    vi.resetModules();
    const fresh = await import('./error-reporting');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fresh.reportError(new Error('Boom'));
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
