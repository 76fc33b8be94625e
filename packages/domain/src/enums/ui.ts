/**
 * Cookie consent: 'unset' shows the banner; 'accepted' is stored as true and 'dismissed' as
 * false in the cookieConsent cookie.
 */
export const COOKIE_CONSENT_STATES = ['unset', 'accepted', 'dismissed'] as const;
export type CookieConsentState = (typeof COOKIE_CONSENT_STATES)[number];

/** Modes of the change-or-confirm selector. */
export const CHANGE_OR_CONFIRM_MODES = ['view', 'change', 'override'] as const;
export type ChangeOrConfirmMode = (typeof CHANGE_OR_CONFIRM_MODES)[number];

export const BUTTON_LAYOUTS = ['default', 'fixed', 'small'] as const;
export type ButtonLayout = (typeof BUTTON_LAYOUTS)[number];

export const BUTTON_VARIANTS = ['default', 'inverted', 'critical'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

/** Variants of status badges and notifications (banners, snackbars). */
export const NOTIFICATION_VARIANTS = ['default', 'info', 'success', 'warning', 'critical'] as const;
export type NotificationVariant = (typeof NOTIFICATION_VARIANTS)[number];

export const MODAL_VARIANTS = ['default', 'iframe', 'feedback'] as const;
export type ModalVariant = (typeof MODAL_VARIANTS)[number];

/** States of the feedback modal: asking, then a confirmation or a Trustpilot invitation. */
export const FEEDBACK_STATES = ['default', 'confirmation', 'trustPilot'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
