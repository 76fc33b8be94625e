import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './ui';
import * as s from './ui-schemas';

const cases: EnumCase[] = [
  [
    'cookie consent state',
    e.COOKIE_CONSENT_STATES,
    s.CookieConsentStateSchema,
    ['unset', 'accepted', 'dismissed'],
  ],
  [
    'change-or-confirm mode',
    e.CHANGE_OR_CONFIRM_MODES,
    s.ChangeOrConfirmModeSchema,
    ['view', 'change', 'override'],
  ],
  ['button layout', e.BUTTON_LAYOUTS, s.ButtonLayoutSchema, ['default', 'fixed', 'small']],
  ['button variant', e.BUTTON_VARIANTS, s.ButtonVariantSchema, ['default', 'inverted', 'critical']],
  [
    'notification variant',
    e.NOTIFICATION_VARIANTS,
    s.NotificationVariantSchema,
    ['default', 'info', 'success', 'warning', 'critical'],
  ],
  ['modal variant', e.MODAL_VARIANTS, s.ModalVariantSchema, ['default', 'iframe', 'feedback']],
  [
    'feedback state',
    e.FEEDBACK_STATES,
    s.FeedbackStateSchema,
    ['default', 'confirmation', 'trustPilot'],
  ],
];

describeEnumerations('ui enumerations', cases);
