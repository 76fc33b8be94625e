import { isAbortError, isApiError } from './api-client';

// Errors that are expected on the user's side and are never sent to the error tracker (spec 1 §8).
export const NOT_REPORTED_MESSAGES = [
  'internet connection',
  'invalid state',
  'Network Error',
  'If you already have an account with us, please sign in again.',
  'Wrong email or verification code',
] as const;

function messagesOf(error: unknown): string[] {
  if (typeof error === 'string') return [error];
  if (typeof error !== 'object' || error === null) return [];
  const { message, error_description: description } = error as {
    message?: unknown;
    error_description?: unknown;
  };
  return [message, description].filter((text): text is string => typeof text === 'string');
}

/** True when an error should go to the error tracker. */
export function isReportable(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (isApiError(error) && error.kind === 'NETWORK') return false;
  const texts = messagesOf(error).map((text) => text.toLowerCase());
  return !NOT_REPORTED_MESSAGES.some((ignored) =>
    texts.some((text) => text.includes(ignored.toLowerCase())),
  );
}

type Reporter = (error: unknown, context?: Record<string, unknown>) => void;

/**
 * Sends an error to the embedded error tracker (POST /api/client-errors, issue 32 item 3), which
 * scrubs it of personal data before keeping it. The API's own refusals (4xx answers) are known to
 * it already: only what went wrong in the page, or a 5xx it answered, is sent. The path goes
 * without its query, which may carry codes; a lost report is never retried.
 */
export function sendToErrorTracker(error: unknown): void {
  if (isApiError(error) && error.kind !== 'UNEXPECTED') return;
  if (isApiError(error) && (error.status ?? 500) < 500) return;
  const thrown =
    error instanceof Error
      ? error
      : new Error(typeof error === 'string' ? error : 'Non-error thrown');
  const report = {
    name: thrown.name.slice(0, 100),
    message: thrown.message.slice(0, 2_000),
    stack: thrown.stack?.slice(0, 8_000) ?? null,
    path: window.location.pathname.slice(0, 500),
  };
  fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}

// The console (for whoever has the developer tools open) and the embedded tracker.
let reporter: Reporter = (error, context) => {
  console.error('[error-report]', error, context ?? {});
  sendToErrorTracker(error);
};

/** An error nobody caught in the page (a render, a handler, a promise) is reported too. */
export function reportUncaughtErrors(target: Window): void {
  target.addEventListener('error', (event) => reportError(event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}

/** Replaces the sink of reports (for an error tracker, or a test). */
export function setErrorReporter(next: Reporter): void {
  reporter = next;
}

/** Sends an error to the tracker unless it is on the not-reported list. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!isReportable(error)) return;
  reporter(error, context);
}
