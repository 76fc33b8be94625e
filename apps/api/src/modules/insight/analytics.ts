import { eq, inArray, or } from 'drizzle-orm';
import type { AnalyticsEventRequest } from '@motor/contract';
import type { Db } from '../../db/client';
import { purgeRowsOlderThan } from '../../db/rows';
import { analyticsEvents } from './tables';
import type { Clock } from '../../clock';
import type { AnalyticsProvider } from '../../providers/analytics';
import { brandOfScheme, deploymentBrand } from '../brand';
import { getOwnerUserId, type Principal } from '../identity';
import { getOwnPolicy } from '../policy';
import { getOwnProposal } from '../proposal';

// Analytics (issue 32 item 1): an event a consenting visitor's page records. Our database keeps
// it for the funnel at /admin/insights; PostHog gets a copy when configured. Pseudonymous: the
// session's user id, the brand and scheme, the page's path without its record codes.

/** The consent cookie of spec 1 §9 (JSON `true` once analytics cookies are accepted). */
const CONSENT_COOKIE = 'cookieConsent';

/** Whether the request's cookies carry consent to analytics (cookieConsent=true). */
export function hasAnalyticsConsent(cookieHeader: string | undefined): boolean {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.split('=');
    if (name?.trim() !== CONSENT_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('=').trim()) === 'true';
    } catch {
      // A value that is not URI-encoded (a stray %): no consent, not a 500.
      return false;
    }
  }
  return false;
}

/** Segments after these name a record: `/flex/proposal/AB12CD/summary` → `…/proposal/:code/…`. */
const RECORD_SEGMENTS = new Set(['proposal', 'renewal', 'policy', 'customers', 'profile']);

/** The path with its query dropped and the codes of records replaced by `:code`. */
function pathWithoutCodes(path: string): string {
  const segments = (path.split(/[?#]/)[0] ?? '').split('/');
  return segments
    .map((segment, index) => (RECORD_SEGMENTS.has(segments[index - 1] ?? '') ? ':code' : segment))
    .join('/')
    .slice(0, 300);
}

/**
 * Keeps one event (the caller checked consent) and hands it to the analytics provider. The quote
 * or policy it names must be the caller's own (404 otherwise): its scheme tags the event.
 */
export async function recordAnalyticsEvent(
  deps: { db: Db; clock: Clock; analytics: AnalyticsProvider },
  principal: Principal,
  event: AnalyticsEventRequest,
): Promise<void> {
  const trackedUserId = getOwnerUserId(principal);
  const proposal = event.proposalCode
    ? await getOwnProposal(deps.db, principal, event.proposalCode)
    : null;
  const policy = event.policyId ? await getOwnPolicy(deps.db, principal, event.policyId) : null;
  const schemeCode = proposal?.schemeCode ?? policy?.schemeCode ?? null;
  const brand = schemeCode ? brandOfScheme(schemeCode).code : deploymentBrand().code;
  const row = {
    name: event.name,
    trackedUserId,
    brand,
    schemeCode,
    proposalCode: proposal?.proposalCode ?? policy?.proposalCode ?? null,
    policyId: policy?.policyId ?? null,
    section: event.name === 'disclosure_section_viewed' ? (event.section ?? null) : null,
    path: pathWithoutCodes(event.path),
    occurredAt: deps.clock.now(),
  };
  await deps.db.insert(analyticsEvents).values(row);
  deps.analytics.capture({
    distinctId: trackedUserId,
    event: row.name,
    occurredAt: row.occurredAt,
    properties: {
      brand: row.brand,
      scheme: row.schemeCode,
      section: row.section,
      // PostHog's own name for the page, so its page reports work.
      $pathname: row.path,
    },
  });
}

/** Erasure: the events of the customer's sessions and of their quotes and policies. */
export async function eraseAnalyticsEvents(
  db: Db,
  subject: { userId: string; proposalCodes: string[]; policyIds: string[] },
): Promise<void> {
  const conditions = [eq(analyticsEvents.trackedUserId, subject.userId)];
  if (subject.proposalCodes.length > 0) {
    conditions.push(inArray(analyticsEvents.proposalCode, subject.proposalCodes));
  }
  if (subject.policyIds.length > 0) {
    conditions.push(inArray(analyticsEvents.policyId, subject.policyIds));
  }
  await db.delete(analyticsEvents).where(or(...conditions));
}

/** Retention: drops the events older than `retentionDays`; answers how many went. */
export async function purgeAnalyticsEvents(
  deps: { db: Db; clock: Clock },
  retentionDays: number,
): Promise<number> {
  return purgeRowsOlderThan(deps, analyticsEvents, analyticsEvents.occurredAt, retentionDays);
}
