import { describe, expect, it } from 'vitest';
import type { StatementStatus, StatementStatusIcon } from '../enums/billing';
import { getStatementStatusIcon } from './statement';

describe('getStatementStatusIcon', () => {
  it.each<[StatementStatus, StatementStatusIcon | null]>([
    ['PENDING', 'clock'],
    ['FAILED', 'warning'],
    ['SETTLED', 'tick'],
    ['DRAFT', null],
  ])('%s → %s', (status, icon) => {
    expect(getStatementStatusIcon(status)).toBe(icon);
  });
});
