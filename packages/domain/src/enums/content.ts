/** Kinds of content and document (spec 1 §3): per product, per policy, or static. */
export const CONTENT_KINDS = ['product', 'policy', 'static'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const POLICY_DOCUMENT_TYPES = ['policy-certificate', 'policy-schedule'] as const;
export const PRODUCT_DOCUMENT_TYPES = ['ipid', 'policy-wording'] as const;
/** Documents of the legal expenses optional cover. */
export const LEGAL_EXPENSES_DOCUMENT_TYPES = ['legal-ipid', 'legal-wording'] as const;
export const STATIC_DOCUMENT_TYPES = ['business-terms'] as const;
/** Issued once cover has ended (issue 17 item 6). */
export const ENDED_POLICY_DOCUMENT_TYPES = ['no-claims-letter'] as const;

export const DOCUMENT_TYPES = [
  ...POLICY_DOCUMENT_TYPES,
  ...PRODUCT_DOCUMENT_TYPES,
  ...LEGAL_EXPENSES_DOCUMENT_TYPES,
  ...STATIC_DOCUMENT_TYPES,
  ...ENDED_POLICY_DOCUMENT_TYPES,
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Upload types; the spec names only the NCB proof upload, 'ncb-proof' is our spelling. */
export const UPLOAD_TYPES = ['ncb-proof'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Reasons a dropped file is rejected; unknown codes fall back to a generic message. */
export const UPLOAD_REJECTION_CODES = [
  'file-invalid-type',
  'file-too-large',
  'too-many-files',
] as const;
export type UploadRejectionCode = (typeof UPLOAD_REJECTION_CODES)[number];
