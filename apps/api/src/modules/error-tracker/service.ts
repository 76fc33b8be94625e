import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listNewestRows, purgeRowsOlderThan } from '../../db/rows';
import { errorEvents, type ERROR_SOURCES } from './tables';
import type { Clock } from '../../clock';
import { deploymentBrand } from '../brand';
import type { ErrorTrackerProvider } from '../../providers/error-tracker';
import { scrubText } from './scrub';

// The embedded error tracker (issue 32 item 3): an error the server did not expect, or one a
// browser reports, is kept once per kind with its count and when it was first and last seen,
// scrubbed of personal data, for staff at /admin/errors.

export type ErrorReport = {
  source: (typeof ERROR_SOURCES)[number];
  name: string;
  message: string;
  stack?: string | null;
  /** The route pattern or job kind (server), the page's path (browser). */
  location?: string | null;
  requestId?: string | null;
};

const MAX_MESSAGE = 1_000;
const MAX_STACK = 4_000;

/** The first line of the stack that is a frame: where the error was thrown. */
function firstFrame(stack: string | null): string {
  return stack?.split('\n').find((line) => line.trim().startsWith('at ')) ?? '';
}

/** Stores the report (scrubbed) or counts it again on the row of the same error. */
export async function recordError(
  deps: {
    db: Db;
    clock: Clock;
    config: { release: string; nodeEnv: string };
    providers: { errorTracker: ErrorTrackerProvider };
    log: { warn: (details: object, message: string) => void };
  },
  report: ErrorReport,
): Promise<void> {
  const name = scrubText(report.name).slice(0, 100) || 'Error';
  const message = scrubText(report.message).slice(0, MAX_MESSAGE);
  const stack = report.stack ? scrubText(report.stack).slice(0, MAX_STACK) : null;
  const location = report.location ? scrubText(report.location).slice(0, 200) : null;
  // Numbers (amounts, counts, ports) vary between occurrences of one error.
  const fingerprint = createHash('sha256')
    .update([report.source, name, message.replace(/\d+/g, '#'), firstFrame(stack)].join('|'))
    .digest('hex');
  const now = deps.clock.now();
  await deps.db
    .insert(errorEvents)
    .values({
      fingerprint,
      source: report.source,
      name,
      message,
      stack,
      location,
      release: deps.config.release,
      brand: deploymentBrand().code,
      lastRequestId: report.requestId ?? null,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: errorEvents.fingerprint,
      set: {
        count: sql`${errorEvents.count} + 1`,
        lastSeenAt: now,
        location,
        release: deps.config.release,
        lastRequestId: report.requestId ?? null,
      },
    });
  // Sentry, when configured, gets the same scrubbed error; not waited for by the caller's answer.
  const { errorTracker } = deps.providers;
  if (errorTracker.adapter === 'none') return;
  void errorTracker
    .send({
      source: report.source,
      name,
      message,
      stack,
      location,
      requestId: report.requestId ?? null,
      release: deps.config.release,
      brand: deploymentBrand().code,
      environment: deps.config.nodeEnv,
      occurredAt: now,
    })
    .then((sent) => {
      if (!sent)
        deps.log.warn({ tracker: errorTracker.adapter }, 'the error tracker did not take an error');
    });
}

/** The errors seen, the latest first (at most `limit`). */
export async function listErrorEvents(db: Db, limit = 200) {
  return listNewestRows(db, errorEvents, undefined, 'lastSeenAt', limit);
}

/** Retention: drops the errors not seen for `retentionDays`; answers how many went. */
export async function purgeErrorEvents(
  deps: { db: Db; clock: Clock },
  retentionDays: number,
): Promise<number> {
  return purgeRowsOlderThan(deps, errorEvents, errorEvents.lastSeenAt, retentionDays);
}
