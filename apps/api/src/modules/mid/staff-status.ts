import type { MidOverdueResponse } from '@motor/contract';
import type { Db } from '../../db/client';
import { findMidRecords, type MidRecordRow } from './repository';

type StaffMidStatus = Omit<
  MidOverdueResponse['policies'][number],
  'policyId' | 'policyNumber' | 'schemeCode' | 'customerUserId' | 'awaiting'
>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A record as staff read it: the status, the car, the attempts and the last error. */
export function toStaffMidStatus(row: MidRecordRow): StaffMidStatus {
  return {
    status: row.status,
    registration: (row.desired ?? row.confirmed)?.registration ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
    lastSubmittedAt: iso(row.lastSubmittedAt),
    confirmedAt: iso(row.confirmedAt),
    dueBy: iso(row.dueBy),
  };
}

/** The MID status of each of these policies that the job has seen, by policy id (care). */
export async function findMidStatuses(
  db: Db,
  policyIds: readonly string[],
): Promise<Map<string, StaffMidStatus>> {
  const records = await findMidRecords(db, policyIds);
  return new Map([...records].map(([policyId, row]) => [policyId, toStaffMidStatus(row)]));
}
