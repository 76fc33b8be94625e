import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './forms';
import * as s from './forms-schemas';

const cases: EnumCase[] = [
  [
    'condition kind',
    e.CONDITION_KINDS,
    s.ConditionKindSchema,
    ['input', 'featureToggle', 'anonymous', 'policy', 'schemeCode', 'admin', 'adminPermission'],
  ],
  ['condition operator', e.CONDITION_OPERATORS, s.ConditionOperatorSchema, ['every', 'some']],
];

describeEnumerations('form engine enumerations', cases);
