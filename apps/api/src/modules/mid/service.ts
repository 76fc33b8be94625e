import type { ServiceDeps } from '../../app-types';
import type { MidConfirmation, MidEntry } from '../../providers/mid';
import { brandOfScheme } from '../brand';
import {
  findMidSubjects,
  findVersionQuote,
  listMidSubjectsInForce,
  type MidSubject,
} from '../policy';
import {
  buildMidEntry,
  fingerprintOf,
  isOnCover,
  isSameEntry,
  removalReasonOf,
  versionInForce,
} from './entry';
import {
  findMidRecords,
  listUnsettledOrOnMid,
  saveMidRecord,
  type MidRecordRow,
} from './repository';

// Reconciling the MID (decision 039): for each policy, what the MID should hold is derived from
// the policy (entry.ts) and compared with what the MID last confirmed; where they differ the job
// submits the add, update or removal, and a failure is tried again later with backoff. No flow
// tells this module of a change: a bind only asks for an early run (jobs.ts).

const BATCH = 500;
const RETRY_BASE_MS = 5 * 60_000;
const RETRY_MAX_MS = 6 * 60 * 60_000;
/** A bureau that has not answered by now will not: the submission is counted failed. */
const CALL_TIMEOUT_MS = 30_000;
const HOUR_MS = 60 * 60_000;

/** The wait after the `attempts`-th failure in a row: 5 min, 10, 20, ... at most 6 hours. */
function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

function productOf(schemeCode: string) {
  return brandOfScheme(schemeCode).getProductConfig(schemeCode);
}

async function withTimeout<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('The MID did not answer within 30 seconds')),
      CALL_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** PENDING or FAILED until what the MID holds is what it should; then ON_MID or REMOVED. */
function statusOf(row: Pick<MidRecordRow, 'desired' | 'confirmed' | 'attempts'>) {
  if (isSameEntry(row.desired, row.confirmed)) return row.desired ? 'ON_MID' : 'REMOVED';
  return row.attempts > 0 ? 'FAILED' : 'PENDING';
}

/** The desired entry for the subject: kept from the record while the policy did not change. */
async function deriveDesired(
  deps: ServiceDeps,
  subject: MidSubject,
  record: MidRecordRow | null,
  now: Date,
): Promise<{ desired: MidEntry | null; fingerprint: string }> {
  const fingerprint = fingerprintOf(subject, now);
  if (record && record.sourceFingerprint === fingerprint) {
    return { desired: record.desired, fingerprint };
  }
  if (!isOnCover(subject)) return { desired: null, fingerprint };
  const versionNumber = versionInForce(subject, now);
  const quote = versionNumber
    ? await findVersionQuote(deps.db, { policyId: subject.policyId, versionNumber })
    : null;
  return { desired: buildMidEntry(subject, quote ?? {}), fingerprint };
}

/** Sends what the MID lacks: the add, the update or the removal. */
function submit(
  deps: ServiceDeps,
  subject: MidSubject,
  row: MidRecordRow,
  now: Date,
): Promise<MidConfirmation> {
  const { mid } = deps.providers;
  if (!row.desired) {
    const isDriveaway = productOf(subject.schemeCode).productKind === 'DRIVEAWAY';
    return mid.removeVehicle(row.reference ?? `unknown:${subject.policyNumber}`, {
      reason: removalReasonOf(subject, isDriveaway),
      now,
    });
  }
  if (!row.desired.registration) {
    return Promise.reject(
      new Error('The policy names no registration: the MID cannot hold the car without one'),
    );
  }
  if (row.confirmed && row.reference) {
    return mid.updateVehicle(row.reference, row.desired, { now });
  }
  return mid.addVehicle(row.desired, { now });
}

/**
 * Brings one policy's MID entry in step: derives what the MID should hold, and submits the
 * difference unless a failure's backoff is still running. Answers whether
 * something was submitted.
 */
async function reconcileSubject(
  deps: ServiceDeps,
  subject: MidSubject,
  record: MidRecordRow | null,
  options: { now: Date },
): Promise<boolean> {
  const { now } = options;
  const { desired, fingerprint } = await deriveDesired(deps, subject, record, now);
  // Nothing ever sent, and nothing to send: a policy that ended before the job first saw it.
  if (!record && !desired) return false;
  const isNewWish = !record || !isSameEntry(record.desired, desired);
  const targetHours = productOf(subject.schemeCode).motorInsuranceDatabase.targetHours;
  // A new policy is wanted on the MID from when it was bought; a change from when it was seen.
  const wantedFrom = record ? now : subject.createdAt;
  let row: MidRecordRow = {
    policyId: subject.policyId,
    policyNumber: subject.policyNumber,
    schemeCode: subject.schemeCode,
    ownerUserId: subject.ownerUserId,
    status: 'PENDING',
    desired,
    sourceFingerprint: fingerprint,
    confirmed: record?.confirmed ?? null,
    reference: record?.reference ?? null,
    attempts: record?.attempts ?? 0,
    lastError: record?.lastError ?? null,
    dueBy: isNewWish
      ? desired
        ? new Date(wantedFrom.getTime() + targetHours * HOUR_MS)
        : null
      : (record?.dueBy ?? null),
    // A new wish is sent at once; a failed one waits for its backoff.
    nextAttemptAt: isNewWish ? null : (record?.nextAttemptAt ?? null),
    lastSubmittedAt: record?.lastSubmittedAt ?? null,
    confirmedAt: record?.confirmedAt ?? null,
    createdAt: record?.createdAt ?? now,
    updatedAt: now,
  };
  row.status = statusOf(row);
  const isInStep = row.status === 'ON_MID' || row.status === 'REMOVED';
  const isWaiting = row.nextAttemptAt !== null && row.nextAttemptAt > now;
  if (isInStep || isWaiting) {
    if (isInStep) row = { ...row, lastError: null, attempts: 0, nextAttemptAt: null };
    if (!record || hasChanged(record, row)) await saveMidRecord(deps.db, row);
    return false;
  }
  try {
    const confirmation = await withTimeout(submit(deps, subject, row, now));
    row = {
      ...row,
      confirmed: row.desired,
      reference: row.desired ? confirmation.reference : row.reference,
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
      lastSubmittedAt: now,
      confirmedAt: now,
    };
  } catch (error) {
    const attempts = row.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn(
      { err: error, policyId: subject.policyId, attempts },
      'MID submission failed: will retry',
    );
    row = {
      ...row,
      attempts,
      lastError: message.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      lastSubmittedAt: now,
    };
  }
  row.status = statusOf(row);
  await saveMidRecord(deps.db, row);
  return true;
}

function hasChanged(before: MidRecordRow, after: MidRecordRow): boolean {
  return (
    before.status !== after.status ||
    before.sourceFingerprint !== after.sourceFingerprint ||
    before.attempts !== after.attempts ||
    before.lastError !== after.lastError ||
    before.dueBy?.getTime() !== after.dueBy?.getTime() ||
    before.nextAttemptAt?.getTime() !== after.nextAttemptAt?.getTime() ||
    !isSameEntry(before.desired, after.desired)
  );
}

/** One policy, now (after its bind): the backoff of an earlier failure is respected. */
export async function reconcileMidOfPolicy(deps: ServiceDeps, policyId: string): Promise<void> {
  const [subject] = await findMidSubjects(deps.db, [policyId]);
  if (!subject) return;
  const records = await findMidRecords(deps.db, [policyId]);
  await reconcileSubject(deps, subject, records.get(policyId) ?? null, {
    now: deps.clock.now(),
  });
}

/**
 * Every policy whose MID entry may be out of step: each policy on cover (a batch at a time), then
 * each one the MID holds or is still being sent that is no longer on cover. Answers how many
 * submissions were made.
 */
export async function reconcileMid(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  const seen = new Set<string>();
  let submitted = 0;
  const reconcileAll = async (subjects: MidSubject[]) => {
    const records = await findMidRecords(
      deps.db,
      subjects.map((subject) => subject.policyId),
    );
    for (const subject of subjects) {
      seen.add(subject.policyId);
      const record = records.get(subject.policyId) ?? null;
      if (await reconcileSubject(deps, subject, record, { now })) submitted += 1;
    }
  };
  for (let after: string | null = null; ;) {
    const subjects = await listMidSubjectsInForce(deps.db, { afterPolicyId: after, limit: BATCH });
    await reconcileAll(subjects);
    if (subjects.length < BATCH) break;
    after = subjects[subjects.length - 1]!.policyId;
  }
  const others = (await listUnsettledOrOnMid(deps.db)).filter((id) => !seen.has(id));
  for (let index = 0; index < others.length; index += BATCH) {
    await reconcileAll(await findMidSubjects(deps.db, others.slice(index, index + BATCH)));
  }
  return submitted;
}
