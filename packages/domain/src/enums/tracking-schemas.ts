import { z } from 'zod';
import { FEATURE_TOGGLES, LOOKUP_TABLES, TRACKING_PARAMETERS } from './tracking';

// The schemas of ./tracking.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const TrackingParameterSchema = z.enum(TRACKING_PARAMETERS);
export const LookupTableSchema = z.enum(LOOKUP_TABLES);
export const FeatureToggleSchema = z.enum(FEATURE_TOGGLES);
