import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './policy';

const cases: EnumCase[] = [
  [
    'policy status',
    e.POLICY_STATUSES,
    e.PolicyStatusSchema,
    ['PENDING', 'ACTIVE', 'LAPSED', 'CANCELLED', 'RENEWED', 'VOIDED', 'NTU'],
  ],
  ['review type', e.REVIEW_TYPES, e.ReviewTypeSchema, ['AUTO', 'NEVER']],
  ['adjustment type', e.ADJUSTMENT_TYPES, e.AdjustmentTypeSchema, ['MTA', 'SDA', 'CAN']],
  ['cancellation type', e.CANCELLATION_TYPES, e.CancellationTypeSchema, ['Standard', 'CoolingOff']],
  [
    'cooling-off counted from',
    e.COOLING_OFF_COUNTED_FROM,
    e.CoolingOffCountedFromSchema,
    ['Inception', 'Bind'],
  ],
  ['policy tab', e.POLICY_TABS, e.PolicyTabSchema, ['details', 'documents', 'billing', 'claims']],
  [
    'policy card kind',
    e.POLICY_CARD_KINDS,
    e.PolicyCardKindSchema,
    ['active', 'pending', 'lapsed', 'cancelled', 'ended'],
  ],
  [
    'renewal banner kind',
    e.RENEWAL_BANNER_KINDS,
    e.RenewalBannerKindSchema,
    ['opted-in', 'opted-out', 'critical'],
  ],
  [
    'effective date choice',
    e.EFFECTIVE_DATE_CHOICES,
    e.EffectiveDateChoiceSchema,
    ['immediately', 'inception', 'other'],
  ],
];

describeEnumerations('policy enumerations', cases);
