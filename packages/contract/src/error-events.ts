import { z } from 'zod';

// The embedded error tracker (issue 32 item 3): what a browser reports, what staff read.

/** An error a page met: what the web app's reporter sends (spec 1 §8's not-reported list off). */
export const ClientErrorReportRequestSchema = z
  .object({
    name: z.string().max(100),
    message: z.string().max(2_000),
    stack: z.string().max(8_000).nullish(),
    /** The page's path (no query: it may carry codes). */
    path: z.string().max(500),
  })
  .meta({ id: 'ClientErrorReport' });
export type ClientErrorReportRequest = z.infer<typeof ClientErrorReportRequestSchema>;

export const ErrorEventSchema = z
  .object({
    id: z.string(),
    source: z.enum(['server', 'browser']),
    name: z.string(),
    message: z.string(),
    stack: z.string().nullable(),
    location: z.string().nullable(),
    release: z.string(),
    brand: z.string(),
    lastRequestId: z.string().nullable(),
    count: z.number().int(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
  })
  .meta({ id: 'ErrorEvent' });

export const ErrorEventsResponseSchema = z
  .object({ errors: z.array(ErrorEventSchema) })
  .meta({ id: 'ErrorEvents' });
export type ErrorEventsResponse = z.infer<typeof ErrorEventsResponseSchema>;

export const ClientErrorAcceptedResponseSchema = z
  .object({ accepted: z.literal(true) })
  .meta({ id: 'ClientErrorAccepted' });
