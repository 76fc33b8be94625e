/** How the client classifies a failed call (spec 1 §8). */
export const ERROR_KINDS = ['NETWORK', 'UNAUTHORIZED', 'UNEXPECTED'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Error types the error modal has texts for: the error kinds plus a failed sign-in. */
export const ERROR_MODAL_TYPES = [...ERROR_KINDS, 'SIGN_IN_FAILED'] as const;
export type ErrorModalType = (typeof ERROR_MODAL_TYPES)[number];

/** `error` values of identity-provider errors (spec 1 §8). */
export const AUTH_ERROR_CODES = [
  'login_required',
  'unauthorized',
  'missing_refresh_token',
  'invalid_grant',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/**
 * Auth errors that sign the user out (spec 1 §6: "unauthorised, login_required or unauthorized";
 * the British spelling is accepted as well).
 */
export const SIGN_OUT_ERROR_CODES = ['login_required', 'unauthorized', 'unauthorised'] as const;
export type SignOutErrorCode = (typeof SIGN_OUT_ERROR_CODES)[number];

/** Banner types of the admin settle (phone payment) modal with a specific message. */
export const SETTLE_ERROR_TYPES = ['timeout', 'incomplete'] as const;
export type SettleErrorType = (typeof SETTLE_ERROR_TYPES)[number];
