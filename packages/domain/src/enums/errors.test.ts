import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './errors';

const cases: EnumCase[] = [
  ['error kind', e.ERROR_KINDS, null, ['NETWORK', 'UNAUTHORIZED', 'UNEXPECTED']],
  [
    'error modal type',
    e.ERROR_MODAL_TYPES,
    null,
    ['NETWORK', 'UNAUTHORIZED', 'UNEXPECTED', 'SIGN_IN_FAILED'],
  ],
  [
    'auth error code',
    e.AUTH_ERROR_CODES,
    null,
    ['login_required', 'unauthorized', 'missing_refresh_token', 'invalid_grant'],
  ],
  [
    'sign-out error code',
    e.SIGN_OUT_ERROR_CODES,
    null,
    ['login_required', 'unauthorized', 'unauthorised'],
  ],
  ['settle error type', e.SETTLE_ERROR_TYPES, null, ['timeout', 'incomplete']],
];

describeEnumerations('error enumerations', cases);
