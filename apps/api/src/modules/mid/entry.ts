import { getVersionInForceAt } from '@motor/domain';
import type { MidEntry, MidRemovalReason } from '../../providers/mid';
import type { MidSubject } from '../policy';

// What the MID should hold for a policy, derived from the policy alone: its vehicle, cover dates
// and policyholder while it is on cover or about to be, nothing once it has ended.

type Answers = Record<string, unknown>;

const ON_COVER: readonly string[] = ['PENDING', 'ACTIVE'];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Whether the MID should hold the policy's vehicle. */
export function isOnCover(subject: Pick<MidSubject, 'status'>): boolean {
  return ON_COVER.includes(subject.status);
}

/** The number of the version in force now (before inception: the one in force at inception). */
export function versionInForce(subject: MidSubject, now: Date): number | null {
  const at = now > subject.inceptedAt ? now : subject.inceptedAt;
  const version = getVersionInForceAt(
    subject.versions.map((item) => ({ ...item, startedAt: item.startedAt.toISOString() })),
    at.toISOString(),
  );
  return version?.versionNumber ?? null;
}

/**
 * What the desired entry is derived from: while it is unchanged, so is the entry, and the job
 * need not read the policy's quote again.
 */
export function fingerprintOf(subject: MidSubject, now: Date): string {
  if (!isOnCover(subject)) return subject.status;
  return [
    subject.status,
    subject.inceptedAt.toISOString(),
    subject.expiredAt.toISOString(),
    subject.terminatedAt?.toISOString() ?? '',
    `v${versionInForce(subject, now) ?? 0}`,
  ].join('|');
}

/** The registration as the MID stores it: upper case, no spaces. */
function normaliseRegistration(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** The entry for a policy on cover, from the quote of its version in force. */
export function buildMidEntry(subject: MidSubject, quote: Answers): MidEntry {
  const assets = (quote.insuredAssets ?? []) as { coreAsset?: boolean; data?: Answers }[];
  const asset = assets.find((item) => item.coreAsset) ?? assets[0];
  const vehicle = (asset?.data?.vehicle ?? {}) as Answers;
  const specification = (vehicle.specification ?? {}) as Answers;
  const profiles = (quote.insuredProfiles ?? []) as { policyholder?: boolean; data?: Answers }[];
  const holder = profiles.find((item) => item.policyholder)?.data ?? {};
  const end =
    subject.terminatedAt && subject.terminatedAt < subject.expiredAt
      ? subject.terminatedAt
      : subject.expiredAt;
  return {
    policyNumber: subject.policyNumber,
    registration: normaliseRegistration(text(vehicle.vrn) || text(specification.vrn)),
    coverStartAt: subject.inceptedAt.toISOString(),
    coverEndAt: end.toISOString(),
    policyholderName: [text(holder.firstName), text(holder.lastName)].filter(Boolean).join(' '),
  };
}

/** Why an ended policy's vehicle leaves the MID. */
export function removalReasonOf(
  subject: Pick<MidSubject, 'status'>,
  isDriveaway: boolean,
): MidRemovalReason {
  switch (subject.status) {
    case 'NTU':
      return 'NOT_TAKEN_UP';
    case 'CANCELLED':
    case 'VOIDED':
      return 'CANCELLED';
    case 'LAPSED':
      return isDriveaway ? 'ENDED' : 'LAPSED';
    default:
      return 'ENDED';
  }
}

/** Whether two entries say the same (null: nothing on the MID). */
export function isSameEntry(a: MidEntry | null, b: MidEntry | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.policyNumber === b.policyNumber &&
    a.registration === b.registration &&
    a.coverStartAt === b.coverStartAt &&
    a.coverEndAt === b.coverEndAt &&
    a.policyholderName === b.policyholderName
  );
}
