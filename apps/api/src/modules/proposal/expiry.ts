import { and, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { startOfLondonDay } from '@motor/domain';
import type { Db } from '../../db/client';
import { updateDueRows } from '../../db/rows';
import { proposals } from './tables';
import { defineSweepJob } from '../jobs';

// Quotes expire (issue 17 item 1; docs/domain.md "Jobs"): a stored QUOTE whose validity has run
// out, or whose start day has passed, becomes QUOTE_EXPIRED in storage. Answers already derive it
// on read (status.ts deriveStatus, the same rule as rating's isQuoteExpired); this job makes the
// stored status catch up, so that queries by status (reports, renewals, the back book) see it.
// There is no proposal event table: the row's updatedAt says when the job moved it. The update
// changes the revision (decision 013's trigger), so a tab holding the old revision is asked to
// reload, as after any other write.

/** Expires every due QUOTE, a batch per statement; returns how many. */
export async function expireQuotes(db: Db, now: Date): Promise<number> {
  // The start day has passed when the start is before today's London midnight.
  const due = and(
    // A literal, not a parameter, so that the planner can use the partial indexes.
    sql`${proposals.status} = 'QUOTE'`,
    isNull(proposals.deletedAt),
    or(
      lte(proposals.expiresAt, now),
      // A renewal starts at its policy's anniversary, where the renewal job binds or lapses it;
      // expiring it by its start day would lapse an opted-in policy whose anniversary that job
      // reaches only after midnight (a runner that was down or behind): only its validity ends it.
      and(lt(proposals.startAt, startOfLondonDay(now)), sql`${proposals.kind} <> 'RENEWAL'`),
    ),
  );
  // SKIP LOCKED: a proposal being saved or bound right now is left for the next run (the save
  // re-rates it, bind refuses an expired one under its own lock).
  return updateDueRows(db, {
    table: proposals,
    key: proposals.proposalCode,
    due,
    set: { status: 'QUOTE_EXPIRED', updatedAt: now },
  });
}

export const expireQuotesJob = defineSweepJob('expire-quotes', '*/5 * * * *', expireQuotes);
