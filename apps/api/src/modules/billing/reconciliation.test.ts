import { describe, expect, it } from 'vitest';
import { mapRowsByKey } from '../../db/rows';
import { useTestDatabase } from '../../test/use-test-database';
import {
  lastReconciliationRun,
  listOpenReconciliationFindings,
  storeReconciliationRun,
  type ReconciliationFindingInput,
} from './reconciliation';
import { reconciliationFindings } from './tables';

// The reconciliation's record at the size a bad night makes: a provider whose list came back
// short makes every posted payment LEDGER_ONLY, tens of thousands of findings in one run. One
// statement for them all passed PostgreSQL's 65,535 parameters and drizzle's stack (near 16,000
// rows): the run failed, was retried all night, and stored nothing.

const database = useTestDatabase();

const FINDINGS = 20_000;

function ledgerOnly(index: number, at: Date): ReconciliationFindingInput {
  return {
    kind: 'LEDGER_ONLY',
    providerPaymentId: `pi_short_list_${index}`,
    provider: null,
    accountId: `acc_${index}`,
    policyId: null,
    providerAmountPence: null,
    ledgerAmountPence: 8_499,
    foundAt: at,
    seenAt: at,
  };
}

describe('a reconciliation run with more findings than one statement holds', () => {
  it('stores every finding and the run, and the next run resolves those it no longer finds', async () => {
    const { db } = database.handle;
    const first = new Date('2026-04-06T01:30:00Z');
    const findings = Array.from({ length: FINDINGS }, (_, index) => ledgerOnly(index, first));
    await storeReconciliationRun(db, { at: first, findings, found: FINDINGS });

    const open = await listOpenReconciliationFindings(db);
    expect(open).toHaveLength(FINDINGS);
    expect(new Set(open.map((finding) => finding.providerPaymentId)).size).toBe(FINDINGS);
    expect(open.every((finding) => finding.ledgerAmountPence === 8_499)).toBe(true);
    expect(await lastReconciliationRun(db)).toEqual(first);

    // The lookups the run makes about its findings' accounts ask about all of them at once.
    const kinds = await mapRowsByKey(db, reconciliationFindings, {
      key: 'providerPaymentId',
      keys: findings.map((finding) => finding.providerPaymentId),
      columns: ['kind'],
      value: (row) => row.kind,
    });
    expect(kinds.size).toBe(FINDINGS);
    expect(kinds.get(`pi_short_list_${FINDINGS - 1}`)).toBe('LEDGER_ONLY');

    // The provider's list is whole again the next night: one difference is left.
    const second = new Date('2026-04-07T01:30:00Z');
    await storeReconciliationRun(db, { at: second, findings: [ledgerOnly(7, second)], found: 1 });
    const left = await listOpenReconciliationFindings(db);
    expect(left.map((finding) => finding.providerPaymentId)).toEqual(['pi_short_list_7']);
    expect(left[0]!.foundAt).toEqual(first);
    expect(left[0]!.seenAt).toEqual(second);
    expect(await lastReconciliationRun(db)).toEqual(second);
  });
});
