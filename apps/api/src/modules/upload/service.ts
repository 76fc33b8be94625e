import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { UploadCommitResponse, UploadRejectionCode } from '@motor/contract';
import { formatDisplayDate, londonDateString } from '@motor/domain';
import { earliestDateUnderYears } from '@motor/forms';
import type { ServiceDeps } from '../../app-types';
import { uploadCommits, uploads } from './tables';
import { AppError } from '../../errors';
import { brandOfScheme, type ProductConfig } from '../brand';
import { recordAudit } from '../audit';
import { findActorUserId, getOwnerUserId, type Principal } from '../identity';
import { getOwnPolicy, type PolicyRow } from '../policy';
import { sniffFileType } from './sniff';
import { scanUpload } from './virus-scan';

// Uploads (spec 3 §4 "Upload", §7 stageUpload and commitUpload): a file is staged alone, its
// type sniffed from its bytes, scanned, stored in the blob store and recorded as STAGED; the
// customer then commits the staged files with a comment. Nothing is stored for a refused file.
// Staged files nobody commits within a day are removed by purgeStagedUploadsJob (jobs.ts).

type UploadConfig = ProductConfig['uploads'][string];

/** How long a staged file waits for its commit. */
const STAGED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Staged files one policy may hold per upload type, as a multiple of what one commit takes. */
const STAGED_FILES_PER_MAX_FILES = 4;
const FILE_NAME_MAX_LENGTH = 100;
const UPLOADABLE_STATUSES = new Set(['ACTIVE', 'PENDING']);

/** A commit whose document is dated wrongly: the field and what to tell the customer. */
/** A policy's uploads for one purpose that are staged and not yet expired. */
function stagedUploads(policyId: string, purpose: string, now: Date) {
  return and(
    eq(uploads.policyId, policyId),
    eq(uploads.purpose, purpose),
    eq(uploads.status, 'STAGED'),
    gt(uploads.stagedAt, new Date(now.getTime() - STAGED_UPLOAD_TTL_MS)),
  );
}

function refuseDocumentDate(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, {
    fields: [{ in: 'body', path: 'documentDate', message }],
  });
}

/**
 * Spec 2 §5: a type with a maximum age (no claims proof: under 2 years old) needs the date the
 * document bears, not in the future and after the same date that many years ago.
 */
function checkDocumentDate(
  config: UploadConfig,
  documentDate: string | undefined,
  now: Date,
): string | null {
  const years = config.maxAgeYears;
  if (years === undefined) return documentDate ?? null;
  if (!documentDate) refuseDocumentDate('Enter the date on the document.');
  const today = londonDateString(now);
  if (documentDate > today) refuseDocumentDate('The date on the document cannot be in the future.');
  const earliest = earliestDateUnderYears(today, years);
  if (documentDate < earliest) {
    refuseDocumentDate(
      `This document is more than ${years} years old. Proof must be under ${years} years old: ` +
        `send one dated ${formatDisplayDate(`${earliest}T12:00:00.000Z`)} or later.`,
    );
  }
  return documentDate;
}

const POLICY_NOT_UPLOADABLE_MESSAGE =
  'Files can only be sent for a policy that is active or about to start.';
const UNKNOWN_PURPOSE_MESSAGE = 'This policy does not take that kind of file.';

/** Refuses a file with the reason the dropzone shows (`details.reason`). */
function refuse(
  code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_REQUEST' | 'CONFLICT',
  message: string,
  reason: UploadRejectionCode | 'file-rejected',
  details: Record<string, unknown> = {},
): never {
  throw new AppError(code, message, { reason, ...details });
}

export type UploadTarget = { policy: PolicyRow; config: UploadConfig; purpose: string };

/**
 * The caller's own policy (or their customer's, for staff) and the product's settings for this
 * upload type: 404 for someone else's policy, 409 when the policy is not ACTIVE or PENDING,
 * 400 when the product takes no such upload.
 */
export async function resolveUploadTarget(
  deps: ServiceDeps,
  options: { principal: Principal; policyId: string; purpose: string },
): Promise<UploadTarget> {
  const policy = await getOwnPolicy(deps.db, options.principal, options.policyId);
  if (!UPLOADABLE_STATUSES.has(policy.status)) {
    throw new AppError('CONFLICT', POLICY_NOT_UPLOADABLE_MESSAGE, { status: policy.status });
  }
  const { uploads: types } = brandOfScheme(policy.schemeCode).getProductConfig(policy.schemeCode);
  const config = Object.hasOwn(types, options.purpose) ? types[options.purpose] : undefined;
  if (!config) {
    throw new AppError('BAD_REQUEST', UNKNOWN_PURPOSE_MESSAGE, { reason: 'unknown-purpose' });
  }
  return { policy, config, purpose: options.purpose };
}

const tooLargeMessage = (maxSize: number) =>
  `This file is too large: files can be up to ${Math.floor(maxSize / 1024 / 1024)} MB.`;

/** Refuses a file that is over the upload type's size limit. */
export function refuseTooLarge(config: UploadConfig): never {
  refuse('PAYLOAD_TOO_LARGE', tooLargeMessage(config.maxSize), 'file-too-large', {
    maxSize: config.maxSize,
  });
}

/**
 * Reads a file stream to its end, hashing as it goes; refuses it (413) once it passes `maxSize`
 * (`isTruncated` says the multipart parser stopped at its limit).
 */
export async function readUploadStream(
  stream: Readable & { truncated?: boolean },
  config: UploadConfig,
): Promise<{ bytes: Buffer; sha256: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  let isTooLarge = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep reading to the end (the parser skips the rest) but keep nothing more.
    if (isTooLarge || size > config.maxSize) {
      isTooLarge = true;
      chunks.length = 0;
      continue;
    }
    hash.update(chunk);
    chunks.push(chunk);
  }
  if (isTooLarge || stream.truncated) refuseTooLarge(config);
  return { bytes: Buffer.concat(chunks), sha256: hash.digest('hex') };
}

/** The name a file is shown by: its own, without folders or control characters, not too long. */
function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim();
  const name = cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned;
  if (name.length <= FILE_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, FILE_NAME_MAX_LENGTH - extension.length) + extension;
}

/** `scan.pdf`, then `scan (2).pdf`, `scan (3).pdf`, ... */
function numberedFileName(name: string, attempt: number): string {
  if (attempt === 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${attempt})${name.slice(dot)}` : `${name} (${attempt})`;
}

/**
 * Stages one file: sniffs its type (415 when it is not one the upload type accepts), scans it,
 * stores its bytes and records it as STAGED under a name unique among the policy's staged files.
 */
export async function stageUpload(
  deps: ServiceDeps,
  options: {
    target: UploadTarget;
    principal: Principal;
    fileName: string | undefined;
    bytes: Buffer;
    sha256: string;
  },
): Promise<{ stageId: string; fileName: string }> {
  const { target, principal, bytes, sha256 } = options;
  const { policy, config, purpose } = target;
  const fileName = cleanFileName(options.fileName);
  if (bytes.length === 0) {
    refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is empty.', 'file-invalid-type');
  }
  const sniffed = await sniffFileType(bytes, config.accept);
  if (!sniffed) {
    refuse(
      'UNSUPPORTED_MEDIA_TYPE',
      `This kind of file cannot be sent: send ${config.accept.join(', ')}.`,
      'file-invalid-type',
      { accept: config.accept },
    );
  }
  const now = deps.clock.now();
  const [waiting] = await deps.db
    .select({ total: count() })
    .from(uploads)
    .where(stagedUploads(policy.policyId, purpose, now));
  if ((waiting?.total ?? 0) >= config.maxFiles * STAGED_FILES_PER_MAX_FILES) {
    refuse(
      'CONFLICT',
      'Too many files are waiting to be sent: send them or try again tomorrow.',
      'too-many-files',
      { maxFiles: config.maxFiles },
    );
  }
  const verdict = await scanUpload(deps, {
    policyId: policy.policyId,
    fileName,
    mimeType: sniffed.mimeType,
    sha256,
    bytes,
  });
  if (!verdict.isClean) {
    deps.log.warn(
      { policyId: policy.policyId, sha256, signature: verdict.signature },
      'upload refused by the virus scan',
    );
    refuse('BAD_REQUEST', 'This file cannot be accepted.', 'file-rejected');
  }

  const stageId = `upl_${randomBytes(16).toString('hex')}`;
  const storageKey = `uploads/${policy.policyId}/${stageId}`;
  const { storage } = deps.providers;
  await storage.put(storageKey, bytes, { contentType: sniffed.mimeType });
  try {
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      const name = numberedFileName(fileName, attempt);
      const inserted = await deps.db
        .insert(uploads)
        .values({
          id: stageId,
          policyId: policy.policyId,
          purpose,
          status: 'STAGED',
          fileName: name,
          size: bytes.length,
          mimeType: sniffed.mimeType,
          sha256,
          storageKey,
          stagedByUserId: findActorUserId(principal) ?? getOwnerUserId(principal),
          stagedAt: now,
        })
        // The one unique constraint a new random id can meet: the staged file name.
        .onConflictDoNothing()
        .returning({ id: uploads.id });
      if (inserted.length > 0) return { stageId, fileName: name };
    }
    throw new Error('No free file name after 50 attempts');
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
}

/**
 * Commits staged files of one upload type: at most `maxFiles`, each staged for this policy and
 * type within the last day; they become COMMITTED with one commit row and one audit row.
 */
export async function commitUploads(
  deps: ServiceDeps,
  options: {
    target: UploadTarget;
    principal: Principal;
    fileNames: readonly string[];
    comment: string | undefined;
    documentDate?: string;
  },
): Promise<UploadCommitResponse> {
  const { target, principal } = options;
  const { policy, config, purpose } = target;
  const fileNames = [...new Set(options.fileNames)];
  if (fileNames.length !== options.fileNames.length) {
    throw new AppError('BAD_REQUEST', 'A file is named twice.');
  }
  if (fileNames.length > config.maxFiles) {
    refuse(
      'BAD_REQUEST',
      `Too many files: send up to ${config.maxFiles} at a time.`,
      'too-many-files',
      { maxFiles: config.maxFiles },
    );
  }
  const comment = options.comment?.trim() || null;
  const now = deps.clock.now();
  const actorUserId = findActorUserId(principal) ?? getOwnerUserId(principal);

  return deps.db.transaction(async (tx) => {
    const staged = await tx
      .select({ id: uploads.id, fileName: uploads.fileName })
      .from(uploads)
      .where(
        and(stagedUploads(policy.policyId, purpose, now), inArray(uploads.fileName, fileNames)),
      )
      .for('update');
    if (staged.length !== fileNames.length) {
      const found = new Set(staged.map((row) => row.fileName));
      throw new AppError(
        'CONFLICT',
        'Some files are no longer waiting to be sent: add them again.',
        { missing: fileNames.filter((name) => !found.has(name)) },
      );
    }
    const documentDate = checkDocumentDate(config, options.documentDate, now);
    const [commit] = await tx
      .insert(uploadCommits)
      .values({
        policyId: policy.policyId,
        purpose,
        comment,
        documentDate,
        committedByUserId: actorUserId,
        committedAt: now,
      })
      .returning({ id: uploadCommits.id });
    await tx
      .update(uploads)
      .set({ status: 'COMMITTED', commitId: commit!.id })
      .where(
        inArray(
          uploads.id,
          staged.map((row) => row.id),
        ),
      );
    await recordAudit(tx, {
      actorUserId,
      subjectUserId: policy.ownerUserId,
      action: 'upload.commit',
      target: `policy:${policy.policyNumber}`,
      at: now,
    });
    return {
      commitId: commit!.id,
      purpose,
      fileNames,
      committedAt: now.toISOString(),
    };
  });
}

const STAGED_FILE_NOT_FOUND_MESSAGE = 'We could not find that file.';

/**
 * Removes one staged file the customer took off their list: its bytes and its row, audited.
 * The policy's owner or staff acting for them; someone else's policy or a file staged for another
 * policy answers 404; a committed file is kept (409). Under the row's lock, so a commit racing it
 * either takes the file first (then 409) or finds it gone.
 */
export async function removeStagedUpload(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'providers'>,
  options: { principal: Principal; policyId: string; stageId: string },
): Promise<void> {
  const { principal, stageId } = options;
  const policy = await getOwnPolicy(deps.db, principal, options.policyId);
  const actorUserId = findActorUserId(principal) ?? getOwnerUserId(principal);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: uploads.status,
        fileName: uploads.fileName,
        storageKey: uploads.storageKey,
      })
      .from(uploads)
      .where(and(eq(uploads.id, stageId), eq(uploads.policyId, policy.policyId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', STAGED_FILE_NOT_FOUND_MESSAGE);
    if (row.status !== 'STAGED') {
      throw new AppError('CONFLICT', 'This file has been sent already and cannot be removed.', {
        status: row.status,
      });
    }
    // Bytes first, as the purge does: should the store fail, the row stays and nothing is lost.
    await deps.providers.storage.delete(row.storageKey);
    await tx.delete(uploads).where(eq(uploads.id, stageId));
    await recordAudit(tx, {
      actorUserId,
      subjectUserId: policy.ownerUserId,
      action: 'upload.remove',
      target: `policy:${policy.policyNumber} file:${row.fileName}`,
      at: now,
    });
  });
}

const PURGE_BATCH = 200;

/** Removes files staged before `now` minus a day and never committed; returns how many. */
export async function purgeStagedUploads(deps: ServiceDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - STAGED_UPLOAD_TTL_MS);
  let purged = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: uploads.id, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.status, 'STAGED'), lt(uploads.stagedAt, cutoff)))
      .orderBy(asc(uploads.stagedAt))
      .limit(PURGE_BATCH);
    for (const { id, storageKey } of due) {
      // Bytes first: a row without its bytes is worse than bytes without a row. A commit never
      // takes a file this old, so the row cannot become COMMITTED meanwhile.
      await deps.providers.storage.delete(storageKey);
      await deps.db.delete(uploads).where(and(eq(uploads.id, id), eq(uploads.status, 'STAGED')));
      purged += 1;
    }
    if (due.length < PURGE_BATCH) return purged;
  }
}
