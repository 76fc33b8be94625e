import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './ui';

const cases: EnumCase[] = [
  [
    'cookie consent state',
    e.COOKIE_CONSENT_STATES,
    e.CookieConsentStateSchema,
    ['unset', 'accepted', 'dismissed'],
  ],
  [
    'change-or-confirm mode',
    e.CHANGE_OR_CONFIRM_MODES,
    e.ChangeOrConfirmModeSchema,
    ['view', 'change', 'override'],
  ],
  ['button layout', e.BUTTON_LAYOUTS, e.ButtonLayoutSchema, ['default', 'fixed', 'small']],
  ['button variant', e.BUTTON_VARIANTS, e.ButtonVariantSchema, ['default', 'inverted', 'critical']],
  [
    'notification variant',
    e.NOTIFICATION_VARIANTS,
    e.NotificationVariantSchema,
    ['default', 'info', 'success', 'warning', 'critical'],
  ],
  ['modal variant', e.MODAL_VARIANTS, e.ModalVariantSchema, ['default', 'iframe', 'feedback']],
  [
    'feedback state',
    e.FEEDBACK_STATES,
    e.FeedbackStateSchema,
    ['default', 'confirmation', 'trustPilot'],
  ],
];

describeEnumerations('ui enumerations', cases);
