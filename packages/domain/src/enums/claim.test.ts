import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './claim';

const cases: EnumCase[] = [
  ['claim status', e.CLAIM_STATUSES, e.ClaimStatusSchema, ['ACTIVE', 'SETTLED', 'PENDING']],
];

describeEnumerations('claim enumerations', cases);
