import { SIGN_OUT_ERROR_CODES } from '../enums/errors';

/** Tells whether an auth error code signs the user out (login_required, unauthorized/-ised). */
export function isSignOutError(code: string | null | undefined): boolean {
  if (!code) return false;
  return (SIGN_OUT_ERROR_CODES as readonly string[]).includes(code);
}
