// Analytics (issue 32 items 1 and 2): the events a consenting visitor's pages record, and the
// quote funnel staff read at /admin/insights. A funnel step is reached by seeing its page.

/** The disclosure sections of a quote (spec 2 §2), in the order a customer meets them. */
export const DISCLOSURE_SECTION_IDS = [
  'about-you',
  'your-car',
  'additional-drivers',
  'contact-details',
  'your-cover',
  'start-date',
] as const;
export type DisclosureSectionId = (typeof DISCLOSURE_SECTION_IDS)[number];

/** The funnel's events after the disclosure sections, in the order a customer reaches them. */
const QUOTE_FUNNEL_EVENTS = [
  'quote_shown',
  'add_ons_viewed',
  'summary_viewed',
  'signed_in',
  'checkout_started',
  'policy_bound',
] as const;

export const ANALYTICS_EVENT_NAMES = [
  'page_viewed',
  // The quote funnel.
  'product_started',
  'disclosure_section_viewed',
  ...QUOTE_FUNNEL_EVENTS,
  // What stops a quote, and checkout outcomes.
  'quote_referred',
  'id_check_passed',
  'id_check_refused',
  'checkout_failed',
  // Servicing.
  'change_priced',
  'change_confirmed',
  'cancellation_confirmed',
  'renewal_opted_out',
  'renewal_opted_in',
  'claim_started',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** A funnel step: a funnel event, or a disclosure section (`section:<id>`). */
export const FUNNEL_STEPS = [
  'product_started',
  ...DISCLOSURE_SECTION_IDS.map((id) => `section:${id}` as const),
  ...QUOTE_FUNNEL_EVENTS,
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The funnel step an event marks, or null for an event outside the funnel. */
export function funnelStepOf(name: string, section: string | null): FunnelStep | null {
  const step = name === 'disclosure_section_viewed' ? `section:${section ?? ''}` : name;
  return (FUNNEL_STEPS as readonly string[]).includes(step) ? (step as FunnelStep) : null;
}
