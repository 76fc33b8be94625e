import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  NOT_REPORTED_MESSAGES,
  isReportable,
  reportError,
  reportUncaughtErrors,
  sendToErrorTracker,
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

  it('reports to console.error and the embedded error tracker by default', async () => {
    vi.resetModules();
    const fresh = await import('./error-reporting');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetched = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetched);
    window.history.replaceState(null, '', '/flex/proposal/P-1/summary?retrieve=secret');
    fresh.reportError(new TypeError('Boom'));
    expect(spy).toHaveBeenCalled();
    expect(fetched).toHaveBeenCalledOnce();
    const [url, init] = fetched.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/client-errors');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'TypeError',
      message: 'Boom',
      path: '/flex/proposal/P-1/summary',
    });
    spy.mockRestore();
    vi.unstubAllGlobals();
  });

  it('sends the tracker what went wrong in the page or a 5xx, not the API’s own refusals', () => {
    const fetched = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetched);
    sendToErrorTracker(new ApiError({ kind: 'UNEXPECTED', status: 409, data: null }));
    sendToErrorTracker(new ApiError({ kind: 'UNAUTHORIZED' }));
    expect(fetched).not.toHaveBeenCalled();
    sendToErrorTracker(new ApiError({ kind: 'UNEXPECTED', status: 502, data: null }));
    sendToErrorTracker('a string thrown');
    expect(fetched).toHaveBeenCalledTimes(2);
    expect(
      JSON.parse(String((fetched.mock.calls[1] as unknown as [string, RequestInit])[1].body)),
    ).toMatchObject({ name: 'Error', message: 'a string thrown' });
    vi.unstubAllGlobals();
  });

  it('reports an error nobody caught in the page', () => {
    const sink = vi.fn();
    setErrorReporter(sink);
    const target = new EventTarget() as unknown as Window;
    reportUncaughtErrors(target);
    const thrown = new Error('Render failed');
    target.dispatchEvent(Object.assign(new Event('error'), { error: thrown }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'Lost' }));
    expect(sink.mock.calls.map(([error]) => error)).toEqual([thrown, 'Lost']);
  });
});
