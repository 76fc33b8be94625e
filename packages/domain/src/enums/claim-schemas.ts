import { z } from 'zod';
import { CLAIM_STATUSES } from './claim';

// The schemas of ./claim.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const ClaimStatusSchema = z.enum(CLAIM_STATUSES);
