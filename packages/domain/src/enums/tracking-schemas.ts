import { z } from 'zod';
import {
  FEATURE_TOGGLES,
  LOOKUP_TABLES,
  MARKETING_CHANNELS,
  OTHER_MARKETING_OPTIONS,
  PERMISSIONS,
  TRACKING_PARAMETERS,
} from './tracking';

// The schemas of ./tracking.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const TrackingParameterSchema = z.enum(TRACKING_PARAMETERS);
export const MarketingChannelSchema = z.enum(MARKETING_CHANNELS);
export const OtherMarketingOptionSchema = z.enum(OTHER_MARKETING_OPTIONS);
export const LookupTableSchema = z.enum(LOOKUP_TABLES);
export const FeatureToggleSchema = z.enum(FEATURE_TOGGLES);
export const PermissionSchema = z.enum(PERMISSIONS);
