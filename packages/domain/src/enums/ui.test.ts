import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './ui';

const cases: EnumCase[] = [
  ['cookie consent state', e.COOKIE_CONSENT_STATES, null, ['unset', 'accepted', 'dismissed']],
  ['change-or-confirm mode', e.CHANGE_OR_CONFIRM_MODES, null, ['view', 'change', 'override']],
  ['button layout', e.BUTTON_LAYOUTS, null, ['default', 'fixed', 'small']],
  ['button variant', e.BUTTON_VARIANTS, null, ['default', 'inverted', 'critical']],
  [
    'notification variant',
    e.NOTIFICATION_VARIANTS,
    null,
    ['default', 'info', 'success', 'warning', 'critical'],
  ],
  ['modal variant', e.MODAL_VARIANTS, null, ['default', 'iframe', 'feedback']],
  ['feedback state', e.FEEDBACK_STATES, null, ['default', 'confirmation', 'trustPilot']],
];

describeEnumerations('ui enumerations', cases);
