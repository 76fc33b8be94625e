import type { ServiceDeps } from '../../app-types';

// The virus-scan hook point (docs/decisions/019-upload-virus-scan-hook.md). Every staged file
// passes here after its type is sniffed and before any byte is stored, so a refusal leaves
// nothing behind. By default nothing scans: the function answers clean.

type UploadToScan = {
  policyId: string;
  fileName: string;
  /** The sniffed type, e.g. application/pdf. */
  mimeType: string;
  sha256: string;
  bytes: Uint8Array;
};

type ScanVerdict = { isClean: true } | { isClean: false; signature: string };

/**
 * Scans one file before it is stored. A real scanner (ClamAV's clamd over its INSTREAM command,
 * or a vendor's API) goes behind a provider contract (`providers/virus-scan`) and is called
 * here; a scanner that cannot answer throws AppError UNAVAILABLE (the stage is refused with a 503, may be
 * retried) rather than let the file through.
 */
export async function scanUpload(_deps: ServiceDeps, _upload: UploadToScan): Promise<ScanVerdict> {
  return { isClean: true };
}
