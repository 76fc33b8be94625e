import { z } from 'zod';
import {
  ADJUSTMENT_TYPES,
  CANCELLATION_TYPES,
  COOLING_OFF_COUNTED_FROM,
  POLICY_STATUSES,
  REVIEW_TYPES,
} from './policy';

// The schemas of ./policy.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const PolicyStatusSchema = z.enum(POLICY_STATUSES);
export const ReviewTypeSchema = z.enum(REVIEW_TYPES);
export const AdjustmentTypeSchema = z.enum(ADJUSTMENT_TYPES);
export const CancellationTypeSchema = z.enum(CANCELLATION_TYPES);
export const CoolingOffCountedFromSchema = z.enum(COOLING_OFF_COUNTED_FROM);
