import { z } from 'zod';
import { MAX_FEEDBACK_RATING, MIN_FEEDBACK_RATING } from '@motor/domain';

// Feedback and impressions (spec 3 §7 postInsight, postImpression).

export const FeedbackRequestSchema = z
  .object({
    /** e.g. `bind` for the survey on the checkout success page. */
    type: z.string().min(1).max(40).default('bind'),
    policyId: z.string().min(1).max(100),
    rating: z.number().int().min(MIN_FEEDBACK_RATING).max(MAX_FEEDBACK_RATING),
    comment: z.string().max(2000).optional(),
    tags: z.record(z.string().max(40), z.string().max(200)).optional(),
  })
  .meta({ id: 'FeedbackRequest' });
export type FeedbackRequest = z.input<typeof FeedbackRequestSchema>;

export const ImpressionRequestSchema = z
  .object({
    proposalCode: z.string().min(1).max(100),
    /** Tracking values of the session (utm_*). */
    values: z.record(z.string().max(40), z.string().max(200)).optional(),
  })
  .meta({ id: 'ImpressionRequest' });
export type ImpressionRequest = z.infer<typeof ImpressionRequestSchema>;

export const InsightAcceptedResponseSchema = z.object({ accepted: z.literal(true) });
