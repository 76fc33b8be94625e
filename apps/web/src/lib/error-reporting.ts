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

// console.error until an error tracker (Sentry) is configured.
let reporter: Reporter = (error, context) => {
  console.error('[error-report]', error, context ?? {});
};

/** Replaces the sink of reports (for an error tracker, or a test). */
export function setErrorReporter(next: Reporter): void {
  reporter = next;
}

/** Sends an error to the tracker unless it is on the not-reported list. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!isReportable(error)) return;
  reporter(error, context);
}
