import { UPLOAD_REJECTION_CODES, type UploadRejectionCode } from '@motor/contract';
import { earliestDateUnderYears, isCalendarDate } from '@motor/forms';
import { isApiError } from '../../lib/api-client';

// The dropzone's checks (spec 3 §5 "Upload"): size, count and type from the product's upload
// configuration, the same limits the API enforces again; and the code a refusal is shown by.

export type UploadLimits = {
  maxFiles: number;
  maxSize: number;
  accept: readonly string[];
  /** The document must be under this many years old (no claims proof: 2, spec 2 §5). */
  maxAgeYears?: number;
};

export type DocumentDateProblem = 'required' | 'future' | 'tooOld';

/**
 * What is wrong with the date a document bears, as the API checks it: missing, ahead of today, or
 * before `earliest` (the day after the same date maxAgeYears years ago); null when it will do.
 */
export function findDocumentDateProblem(
  documentDate: string,
  today: string,
  maxAgeYears: number,
): { problem: DocumentDateProblem; earliest: string } | null {
  const earliest = earliestDateUnderYears(today, maxAgeYears);
  if (!isCalendarDate(documentDate)) return { problem: 'required', earliest };
  if (documentDate > today) return { problem: 'future', earliest };
  if (documentDate < earliest) return { problem: 'tooOld', earliest };
  return null;
}

/** A refusal's code: the three the spec names, or `unknown` (shown with a fallback message). */
export type RejectionCode = UploadRejectionCode | 'unknown';

/** `.png,.jpg,...` for the file input's accept attribute. */
export function acceptAttribute(limits: UploadLimits): string {
  return limits.accept.map((extension) => `.${extension}`).join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Splits chosen files into those to send and those refused, given how many are already kept.
 * Files past the count limit are refused as too many, in the order they came.
 */
export function checkFiles(
  files: readonly File[],
  limits: UploadLimits,
  keptCount: number,
): { accepted: File[]; rejected: { file: File; code: RejectionCode }[] } {
  const accepted: File[] = [];
  const rejected: { file: File; code: RejectionCode }[] = [];
  for (const file of files) {
    if (!limits.accept.includes(extensionOf(file.name))) {
      rejected.push({ file, code: 'file-invalid-type' });
    } else if (file.size > limits.maxSize) {
      rejected.push({ file, code: 'file-too-large' });
    } else if (keptCount + accepted.length >= limits.maxFiles) {
      rejected.push({ file, code: 'too-many-files' });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}

function isRejectionCode(value: unknown): value is UploadRejectionCode {
  return (UPLOAD_REJECTION_CODES as readonly unknown[]).includes(value);
}

/** The code of a refused stage: the API's `details.reason`, else by status, else unknown. */
export function rejectionCodeOf(error: unknown): RejectionCode {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return 'unknown';
  const reason = (error.failure.data as { error?: { details?: { reason?: unknown } } } | null)
    ?.error?.details?.reason;
  if (isRejectionCode(reason)) return reason;
  if (error.failure.status === 413) return 'file-too-large';
  if (error.failure.status === 415) return 'file-invalid-type';
  return 'unknown';
}

/** Progress as shown: rounded to two decimals (spec 3 §4 "Upload"). */
export function roundProgress(percent: number): number {
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100;
}
