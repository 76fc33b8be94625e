import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './claim';
import * as s from './claim-schemas';

const cases: EnumCase[] = [
  ['claim status', e.CLAIM_STATUSES, s.ClaimStatusSchema, ['ACTIVE', 'SETTLED', 'PENDING']],
];

describeEnumerations('claim enumerations', cases);
