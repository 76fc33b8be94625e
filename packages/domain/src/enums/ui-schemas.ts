import { z } from 'zod';
import {
  BUTTON_LAYOUTS,
  BUTTON_VARIANTS,
  CHANGE_OR_CONFIRM_MODES,
  COOKIE_CONSENT_STATES,
  FEEDBACK_STATES,
  MODAL_VARIANTS,
  NOTIFICATION_VARIANTS,
} from './ui';

// The schemas of ./ui.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const CookieConsentStateSchema = z.enum(COOKIE_CONSENT_STATES);
export const ChangeOrConfirmModeSchema = z.enum(CHANGE_OR_CONFIRM_MODES);
export const ButtonLayoutSchema = z.enum(BUTTON_LAYOUTS);
export const ButtonVariantSchema = z.enum(BUTTON_VARIANTS);
export const NotificationVariantSchema = z.enum(NOTIFICATION_VARIANTS);
export const ModalVariantSchema = z.enum(MODAL_VARIANTS);
export const FeedbackStateSchema = z.enum(FEEDBACK_STATES);
