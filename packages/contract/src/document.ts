import { z } from 'zod';
import { ENDED_POLICY_DOCUMENT_TYPES } from '@motor/domain';

// Documents (spec 2 §3 "Documents", spec 3 §7 getPolicyDocument).

/** Generated per policy from its data. */
export const POLICY_DOCUMENT_TYPES = ['policy-certificate', 'policy-schedule'] as const;
/** Per scheme, wording version and insurer; the legal ones for the legal expenses cover. */
export const PRODUCT_DOCUMENT_TYPES = [
  'ipid',
  'policy-wording',
  'legal-ipid',
  'legal-wording',
  'business-terms',
] as const;
/** The proof of no claims, once cover has ended. */
export const DOCUMENT_TYPES = [
  ...POLICY_DOCUMENT_TYPES,
  ...PRODUCT_DOCUMENT_TYPES,
  ...ENDED_POLICY_DOCUMENT_TYPES,
] as const;
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const PolicyDocumentParamsSchema = z.object({
  id: z.string().min(1).max(100),
  doc: DocumentTypeSchema,
});

/** Which version's certificate or schedule (policyVersionId); default the version in force. */
export const PolicyDocumentQuerySchema = z.object({
  version: z.string().min(1).max(100).optional(),
});

export const DocumentLocationResponseSchema = z
  .object({
    /** A short-lived signed URL on this API that streams the PDF; open it in a new tab. */
    location: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'DocumentLocation' });
export type DocumentLocationResponse = z.infer<typeof DocumentLocationResponseSchema>;
