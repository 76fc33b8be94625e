import { z } from 'zod';
import { CONTENT_KINDS, DOCUMENT_TYPES, UPLOAD_REJECTION_CODES, UPLOAD_TYPES } from './content';

// The schemas of ./content.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const ContentKindSchema = z.enum(CONTENT_KINDS);
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);
export const UploadTypeSchema = z.enum(UPLOAD_TYPES);
export const UploadRejectionCodeSchema = z.enum(UPLOAD_REJECTION_CODES);
