import { z } from 'zod';

/** How the client classifies a failed call (spec 1 §8). */
export const ERROR_KINDS = ['NETWORK', 'UNAUTHORIZED', 'UNEXPECTED'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];
export const ErrorKindSchema = z.enum(ERROR_KINDS);

/** Error types the error modal has texts for: the error kinds plus a failed sign-in. */
export const ERROR_MODAL_TYPES = [...ERROR_KINDS, 'SIGN_IN_FAILED'] as const;
export type ErrorModalType = (typeof ERROR_MODAL_TYPES)[number];
export const ErrorModalTypeSchema = z.enum(ERROR_MODAL_TYPES);

/** `error` values of identity-provider errors (spec 1 §8). */
export const AUTH_ERROR_CODES = [
  'login_required',
  'unauthorized',
  'missing_refresh_token',
  'invalid_grant',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
export const AuthErrorCodeSchema = z.enum(AUTH_ERROR_CODES);

/**
 * Auth errors that sign the user out (spec 1 §6: "unauthorised, login_required or unauthorized";
 * the British spelling is accepted as well).
 */
export const SIGN_OUT_ERROR_CODES = ['login_required', 'unauthorized', 'unauthorised'] as const;
export type SignOutErrorCode = (typeof SIGN_OUT_ERROR_CODES)[number];
export const SignOutErrorCodeSchema = z.enum(SIGN_OUT_ERROR_CODES);

/** Banner types of the admin settle (phone payment) modal with a specific message. */
export const SETTLE_ERROR_TYPES = ['timeout', 'incomplete'] as const;
export type SettleErrorType = (typeof SETTLE_ERROR_TYPES)[number];
export const SettleErrorTypeSchema = z.enum(SETTLE_ERROR_TYPES);
