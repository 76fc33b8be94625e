import { z } from 'zod';
import { DOCUMENT_TYPES } from './content';

// The schemas of ./content.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);
