import { z } from 'zod';
import {
  AUTH_ERROR_CODES,
  ERROR_KINDS,
  ERROR_MODAL_TYPES,
  SETTLE_ERROR_TYPES,
  SIGN_OUT_ERROR_CODES,
} from './errors';

// The schemas of ./errors.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const ErrorKindSchema = z.enum(ERROR_KINDS);
export const ErrorModalTypeSchema = z.enum(ERROR_MODAL_TYPES);
export const AuthErrorCodeSchema = z.enum(AUTH_ERROR_CODES);
export const SignOutErrorCodeSchema = z.enum(SIGN_OUT_ERROR_CODES);
export const SettleErrorTypeSchema = z.enum(SETTLE_ERROR_TYPES);
