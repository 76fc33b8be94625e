import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES, DISCLOSURE_SECTION_IDS, FUNNEL_STEPS } from '@motor/domain';

// Analytics (issue 32 items 1 and 2): an event a consenting visitor's page records, and the quote
// funnel staff read at /admin/insights.

export const AnalyticsEventRequestSchema = z
  .object({
    name: z.enum(ANALYTICS_EVENT_NAMES),
    /** The page's path (no query): record codes in it are replaced before it is kept. */
    path: z.string().min(1).max(500),
    /** The quote the event is about: its product and journey come from it. */
    proposalCode: z.string().min(1).max(100).optional(),
    /** The policy a servicing event is about. */
    policyId: z.string().min(1).max(100).optional(),
    /** The disclosure section, for `disclosure_section_viewed`. */
    section: z.enum(DISCLOSURE_SECTION_IDS).optional(),
  })
  .meta({ id: 'AnalyticsEventRequest' });
export type AnalyticsEventRequest = z.infer<typeof AnalyticsEventRequestSchema>;

export const AnalyticsEventAcceptedResponseSchema = z.object({ accepted: z.literal(true) });

const RateSchema = z.object({
  /** Journeys it happened to. */
  count: z.number().int(),
  /** Journeys that could have met it. */
  outOf: z.number().int(),
  /** count / outOf, or null when outOf is 0. */
  rate: z.number().nullable(),
});

export const InsightsFunnelResponseSchema = z
  .object({
    /** The London days the report covers, inclusive (YYYY-MM-DD). */
    from: z.string(),
    to: z.string(),
    products: z.array(
      z.object({
        schemeCode: z.string(),
        brand: z.string(),
        /** Quotes with any funnel event in the range. */
        journeys: z.number().int(),
        steps: z.array(
          z.object({
            step: z.enum(FUNNEL_STEPS),
            /** Journeys that reached this step or a later one. */
            reached: z.number().int(),
            /** reached / the previous step's reached; null for the first step or none before. */
            conversion: z.number().nullable(),
            /** Journeys that reached the previous step and not this one. */
            dropOff: z.number().int(),
            /** Median seconds from the previous step's first event to this one's. */
            medianSeconds: z.number().nullable(),
          }),
        ),
        /** Quotes referred, of those whose disclosure was rated (referred or quoted). */
        referral: RateSchema,
        /** Identity checks refused, of those run. */
        idCheckRefusal: RateSchema,
      }),
    ),
  })
  .meta({ id: 'InsightsFunnelResponse' });
export type InsightsFunnelResponse = z.infer<typeof InsightsFunnelResponseSchema>;

export const InsightsFunnelQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
});
