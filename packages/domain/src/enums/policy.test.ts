import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './policy';
import * as s from './policy-schemas';

const cases: EnumCase[] = [
  [
    'policy status',
    e.POLICY_STATUSES,
    s.PolicyStatusSchema,
    ['PENDING', 'ACTIVE', 'LAPSED', 'CANCELLED', 'RENEWED', 'VOIDED', 'NTU'],
  ],
  ['review type', e.REVIEW_TYPES, s.ReviewTypeSchema, ['AUTO', 'NEVER']],
  ['adjustment type', e.ADJUSTMENT_TYPES, s.AdjustmentTypeSchema, ['MTA', 'SDA', 'CAN']],
  ['cancellation type', e.CANCELLATION_TYPES, s.CancellationTypeSchema, ['Standard', 'CoolingOff']],
  [
    'cooling-off counted from',
    e.COOLING_OFF_COUNTED_FROM,
    s.CoolingOffCountedFromSchema,
    ['Inception', 'Bind'],
  ],
  ['policy tab', e.POLICY_TABS, null, ['details', 'documents', 'billing', 'claims']],
  [
    'policy card kind',
    e.POLICY_CARD_KINDS,
    null,
    ['active', 'pending', 'lapsed', 'cancelled', 'ended'],
  ],
  ['renewal banner kind', e.RENEWAL_BANNER_KINDS, null, ['opted-in', 'opted-out', 'critical']],
  ['effective date choice', e.EFFECTIVE_DATE_CHOICES, null, ['immediately', 'inception', 'other']],
];

describeEnumerations('policy enumerations', cases);
