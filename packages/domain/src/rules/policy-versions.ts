import { toInstant, type DateInput } from '../dates';

// Which version of a policy is in force when (docs/domain.md "Policy": versions are never edited).
// A version created later that starts at or before an earlier-created one replaces it from its
// start: that is how a backdated change re-rates the versions after it.

type Versioned = { versionNumber: number; startedAt: DateInput };

/**
 * The versions that make up the policy's history, ordered by start: each version in creation
 * order drops every version already in the timeline that starts at or after its own start.
 */
export function getVersionTimeline<T extends Versioned>(versions: readonly T[]): T[] {
  const byCreation = [...versions].sort((a, b) => a.versionNumber - b.versionNumber);
  let timeline: T[] = [];
  for (const version of byCreation) {
    const start = toInstant(version.startedAt).getTime();
    timeline = timeline.filter((kept) => toInstant(kept.startedAt).getTime() < start);
    timeline.push(version);
  }
  return timeline;
}

/** The version in force at `at`; before the first start, the first version of the timeline. */
export function getVersionInForceAt<T extends Versioned>(
  versions: readonly T[],
  at: DateInput,
): T | undefined {
  const timeline = getVersionTimeline(versions);
  const time = toInstant(at).getTime();
  return (
    timeline.findLast((version) => toInstant(version.startedAt).getTime() <= time) ?? timeline[0]
  );
}

/** Days before expiry from which a renewable policy is in its renewal window (the invitation). */
export const RENEWAL_WINDOW_DAYS = 30;

/**
 * Tells whether a renewable policy is in its renewal window at `now`: from RENEWAL_WINDOW_DAYS
 * before its expiry (when the renewal is offered) on. Changes are then made by chat (spec 3 §4).
 */
export function isInRenewalWindow(options: {
  reviewType: string;
  expiredAt: DateInput;
  now: Date;
}): boolean {
  if (options.reviewType === 'NEVER') return false;
  const opens = toInstant(options.expiredAt).getTime() - RENEWAL_WINDOW_DAYS * 86_400_000;
  return options.now.getTime() >= opens;
}
