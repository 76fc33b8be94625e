// Issue 30 item 10: the money year's books hold when the clock jumps three weeks at once, as after
// an outage: nothing runs for 21 days, then the job runner catches up in order (invoices, Direct
// Debits and their notices, the bank's answers, NTU, refunds, the auditor) and the same daily checks
// as the year's (money-year.test.ts) hold. Every behaviour once, in the PGlite pass.
import { describe, expect, it } from 'vitest';
import { BEHAVIOURS } from './money-year/population';
import { simulateMoneyYear } from './money-year/year';
import { createTestDatabase } from './test-app';

describe('the money year through a three-week outage', () => {
  it('catches up in order and the books hold', async () => {
    const handle = await createTestDatabase();
    try {
      const result = await simulateMoneyYear(handle, {
        size: BEHAVIOURS.length,
        // Mid-May: first Direct Debits, cooling-off refunds and the first failures all fall in it.
        jump: { day: 40, days: 21 },
        days: 120,
      });
      expect(result.refusedActions).toEqual([]);
      expect(result.breaches).toEqual([]);
      // The first payments that failed or never settled in the gap still void their cover.
      for (const behaviour of BEHAVIOURS.filter((b) => b.expectedStatus === 'NTU')) {
        expect(result.statuses[behaviour.name], behaviour.name).toEqual({ NTU: 1 });
      }
    } finally {
      await handle.close();
    }
  }, 1_800_000);
});
