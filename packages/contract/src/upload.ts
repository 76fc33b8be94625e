import { z } from 'zod';

// Uploads (spec 3 §3 "Upload commit", §4 "Upload", §5 "Upload", §7 stageUpload, commitUpload).
// A file is staged alone (POST /documents/upload/stage/{policyId}?purpose=, multipart, one file),
// then the staged files are committed together with a comment. Limits and accepted types are the
// product's (`uploads` of the product configuration); the server checks them again.

/** An upload type of the product configuration, e.g. `ncb-proof`. */
export const UploadPurposeSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'is not an upload type');

export const UploadParamsSchema = z.object({ policyId: z.string().min(1).max(100) });

/** DELETE /documents/upload/stage/{policyId}/{stageId}: one staged file, by its stage id. */
export const UploadStagedFileParamsSchema = UploadParamsSchema.extend({
  stageId: z.string().min(1).max(100),
});

export const UploadStageQuerySchema = z.object({ purpose: UploadPurposeSchema });

/** The name a staged file is known by: the file's own name, made unique among staged files. */
export const UploadStageResponseSchema = z
  .object({ stageId: z.string(), fileName: z.string() })
  .meta({ id: 'UploadStage' });
export type UploadStageResponse = z.infer<typeof UploadStageResponseSchema>;

export const UPLOAD_COMMENT_MAX_LENGTH = 1000;
export const UPLOAD_FILE_NAME_MAX_LENGTH = 255;

export const UploadCommitRequestSchema = z
  .object({
    /** The names the stage answers gave, at least one. */
    fileNames: z.array(z.string().min(1).max(UPLOAD_FILE_NAME_MAX_LENGTH)).min(1).max(50),
    comment: z.string().max(UPLOAD_COMMENT_MAX_LENGTH).optional(),
    purpose: UploadPurposeSchema,
    /**
     * The date the document bears, yyyy-MM-dd: required for an upload type with a maximum age
     * (the no claims proof must be under 2 years old, spec 2 §5).
     */
    documentDate: z.iso.date({ error: 'Enter the date on the document as yyyy-MM-dd' }).optional(),
  })
  .meta({
    id: 'UploadCommitRequest',
    example: { fileNames: ['ncb-letter.pdf'], comment: 'My renewal letter', purpose: 'ncb-proof' },
  });
export type UploadCommitRequest = z.infer<typeof UploadCommitRequestSchema>;

export const UploadCommitResponseSchema = z
  .object({
    commitId: z.string(),
    purpose: z.string(),
    fileNames: z.array(z.string()),
    committedAt: z.string(),
  })
  .meta({ id: 'UploadCommit' });
export type UploadCommitResponse = z.infer<typeof UploadCommitResponseSchema>;

/**
 * Why a file was refused, in an error's `details.reason` (and the dropzone's own codes): the web
 * shows a message per code and a fallback for any other.
 */
export const UPLOAD_REJECTION_CODES = [
  'file-too-large',
  'file-invalid-type',
  'too-many-files',
] as const;
export type UploadRejectionCode = (typeof UPLOAD_REJECTION_CODES)[number];
