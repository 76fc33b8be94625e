import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './forms';

const cases: EnumCase[] = [
  [
    'condition kind',
    e.CONDITION_KINDS,
    null,
    ['input', 'featureToggle', 'anonymous', 'policy', 'schemeCode', 'admin', 'adminPermission'],
  ],
  ['condition operator', e.CONDITION_OPERATORS, null, ['every', 'some']],
];

describeEnumerations('form engine enumerations', cases);
