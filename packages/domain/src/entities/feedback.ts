import { z } from 'zod';

export const MIN_FEEDBACK_RATING = 1;
export const MAX_FEEDBACK_RATING = 10;

export const FeedbackSchema = z.object({
  type: z.string().min(1),
  rating: z.number().int().min(MIN_FEEDBACK_RATING).max(MAX_FEEDBACK_RATING),
  comment: z.string().nullish(),
  tags: z.record(z.string(), z.string()).nullish(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;
