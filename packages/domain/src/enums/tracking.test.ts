import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './tracking';
import * as s from './tracking-schemas';

const cases: EnumCase[] = [
  [
    'tracking parameter',
    e.TRACKING_PARAMETERS,
    s.TrackingParameterSchema,
    [
      'utm_medium',
      'utm_campaign',
      'utm_source',
      'utm_ref',
      'utm_channel',
      'utm_term',
      'utm_asset',
      'utm_asset_id',
    ],
  ],
  ['marketing channel', e.MARKETING_CHANNELS, null, ['email', 'phone', 'sms']],
  ['other marketing option', e.OTHER_MARKETING_OPTIONS, null, ['in-car', 'mail', 'none']],
  [
    'lookup table',
    e.LOOKUP_TABLES,
    s.LookupTableSchema,
    ['OccupationABI', 'Industry', 'DrivingConvictions', 'BMWRetailers'],
  ],
  [
    'feature toggle',
    e.FEATURE_TOGGLES,
    s.FeatureToggleSchema,
    ['isAdmin', 'multiQuote', 'allowModifyBillingDay', 'axitechFnol'],
  ],
  ['permission', e.PERMISSIONS, null, ['access:impersonate', 'action:mta-claims']],
];

describeEnumerations('tracking, marketing and lookup enumerations', cases);
