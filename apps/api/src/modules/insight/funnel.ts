import { and, gte, inArray, isNotNull, lt, min, sql } from 'drizzle-orm';
import {
  addIsoDuration,
  FUNNEL_STEPS,
  funnelStepOf,
  toInstant,
  type FunnelStep,
} from '@motor/domain';
import type { InsightsFunnelResponse } from '@motor/contract';
import type { Db } from '../../db/client';
import { analyticsEvents } from './tables';
import { brandOfScheme } from '../brand';

// The quote funnel for staff (issue 32 item 2), from the stored analytics events: a journey is a
// quote; it reached a step when its page was seen, and every step before it counts as reached
// too (a customer already signed in skips sign-in; a driveaway quote has no add-ons page).

const OUTCOMES = ['quote_referred', 'id_check_passed', 'id_check_refused'] as const;
const FUNNEL_EVENT_NAMES = [
  ...new Set([
    ...FUNNEL_STEPS.map((step) => step.replace(/^section:.*/, 'disclosure_section_viewed')),
    ...OUTCOMES,
  ]),
];

type Journey = { first: Map<FunnelStep, number>; outcomes: Set<string> };

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value);
}

function rate(count: number, outOf: number) {
  return { count, outOf, rate: outOf === 0 ? null : count / outOf };
}

/** The funnel of one product's journeys. */
function funnelOf(journeys: Journey[]) {
  const furthest = journeys.map((journey) =>
    Math.max(...[...journey.first.keys()].map((step) => FUNNEL_STEPS.indexOf(step))),
  );
  let previousReached: number | null = null;
  const steps = FUNNEL_STEPS.map((step, index) => {
    const reached = furthest.filter((last) => last >= index).length;
    const previous = FUNNEL_STEPS[index - 1];
    const seconds = previous
      ? journeys.flatMap((journey) => {
          const from = journey.first.get(previous);
          const to = journey.first.get(step);
          return from !== undefined && to !== undefined && to >= from ? [(to - from) / 1000] : [];
        })
      : [];
    const row = {
      step,
      reached,
      conversion: previousReached ? reached / previousReached : null,
      dropOff: previousReached === null ? 0 : previousReached - reached,
      medianSeconds: median(seconds),
    };
    previousReached = reached;
    return row;
  });
  const count = (name: string) => journeys.filter((j) => j.outcomes.has(name)).length;
  const rated = journeys.filter(
    (j) => j.outcomes.has('quote_referred') || j.first.has('quote_shown'),
  ).length;
  return {
    journeys: journeys.length,
    steps,
    referral: rate(count('quote_referred'), rated),
    idCheckRefusal: rate(
      count('id_check_refused'),
      journeys.filter(
        (j) => j.outcomes.has('id_check_refused') || j.outcomes.has('id_check_passed'),
      ).length,
    ),
  };
}

/** The funnel of every product for the London days `from` to `to` (inclusive). */
export async function getInsightsFunnel(
  db: Db,
  range: { from: string; to: string },
): Promise<InsightsFunnelResponse> {
  const start = toInstant(range.from);
  const end = addIsoDuration(toInstant(range.to), 'P1D');
  const rows = await db
    .select({
      proposalCode: sql<string>`${analyticsEvents.proposalCode}`,
      schemeCode: sql<string>`${analyticsEvents.schemeCode}`,
      name: analyticsEvents.name,
      section: analyticsEvents.section,
      first: min(analyticsEvents.occurredAt),
    })
    .from(analyticsEvents)
    .where(
      and(
        gte(analyticsEvents.occurredAt, start),
        lt(analyticsEvents.occurredAt, end),
        isNotNull(analyticsEvents.proposalCode),
        isNotNull(analyticsEvents.schemeCode),
        inArray(analyticsEvents.name, FUNNEL_EVENT_NAMES),
      ),
    )
    .groupBy(
      analyticsEvents.proposalCode,
      analyticsEvents.schemeCode,
      analyticsEvents.name,
      analyticsEvents.section,
    );
  const bySchemes = new Map<string, Map<string, Journey>>();
  for (const row of rows) {
    const journeys = bySchemes.get(row.schemeCode) ?? new Map<string, Journey>();
    bySchemes.set(row.schemeCode, journeys);
    const journey = journeys.get(row.proposalCode) ?? { first: new Map(), outcomes: new Set() };
    journeys.set(row.proposalCode, journey);
    const step = funnelStepOf(row.name, row.section);
    if (step && row.first) journey.first.set(step, new Date(row.first).getTime());
    else journey.outcomes.add(row.name);
  }
  return {
    from: range.from,
    to: range.to,
    products: [...bySchemes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([schemeCode, journeys]) => ({
        schemeCode,
        brand: brandOfScheme(schemeCode).code,
        ...funnelOf([...journeys.values()]),
      })),
  };
}
