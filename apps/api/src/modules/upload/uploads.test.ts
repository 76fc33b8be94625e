import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ErrorBodySchema } from '@motor/contract';
import { auditLog, policies, uploadCommits, uploads } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage';
import { createBoundPolicyWithNumber } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { IMPERSONATE_HEADER, PERMISSIONS } from '../identity';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { runDueJobs } from '../jobs/runner';
import { exeBytes, multipartFile, pdfBytes } from '../../test/uploads';

const START = '2026-03-02T09:00:00.000Z';
const MAX_SIZE = 10_485_760;

describe('uploads (issue 14 item 6)', () => {
  const suite = useTestApp({ at: START, seed: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let staffForOwner: Record<string, string>;
  let policyId: string;
  let policyNumber: string;
  let storage: StorageProvider;
  let put: MockInstance<StorageProvider['put']>;

  beforeAll(async () => {
    storage = suite.app.providers.storage;
    put = vi.spyOn(storage, 'put');
    owner = await suite.customer('upload-owner');
    other = await suite.customer('upload-other');
    const staffToken = await createTestAccessToken(suite.app, {
      userId: 'upload-staff',
      roles: ['admin'],
      permissions: [PERMISSIONS.impersonate],
    });
    staffForOwner = { ...bearer(staffToken), [IMPERSONATE_HEADER]: 'upload-owner' };
    ({ policyId, policyNumber } = await createBoundPolicyWithNumber(suite.app, owner));
  });

  function stage(
    options: {
      fileName?: string;
      bytes?: Buffer;
      headers?: Record<string, string>;
      purpose?: string;
      id?: string;
    } = {},
  ) {
    const body = multipartFile({
      fileName: options.fileName ?? 'ncb-letter.pdf',
      bytes: options.bytes ?? pdfBytes(),
      contentType: 'application/pdf',
    });
    return suite.app.inject({
      method: 'POST',
      url: `/api/documents/upload/stage/${options.id ?? policyId}?purpose=${options.purpose ?? 'ncb-proof'}`,
      headers: { ...(options.headers ?? owner), ...body.headers },
      payload: body.payload,
    });
  }

  function commit(
    payload: { fileNames: string[]; comment?: string; purpose?: string; documentDate?: string },
    headers = owner,
    id = policyId,
  ) {
    return suite.app.inject({
      method: 'POST',
      url: `/api/documents/upload/commit/${id}`,
      headers,
      // A no claims letter dated the day the test starts, unless a test dates it otherwise.
      payload: { purpose: 'ncb-proof', documentDate: START.slice(0, 10), ...payload },
    });
  }

  const rowsOf = (id = policyId) =>
    suite.app.db.select().from(uploads).where(eq(uploads.policyId, id));
  const reasonOf = (body: string) =>
    (ErrorBodySchema.parse(JSON.parse(body)).error.details as { reason?: string } | undefined)
      ?.reason;

  it('stages a 3 MB PDF and commits it with a comment, audited', async () => {
    const bytes = pdfBytes(3 * 1024 * 1024);
    const staged = await stage({ fileName: 'ncb proof.pdf', bytes });
    expect(staged.statusCode, staged.body).toBe(201);
    const { stageId, fileName } = staged.json<{ stageId: string; fileName: string }>();
    expect(fileName).toBe('ncb proof.pdf');
    const [row] = await suite.app.db.select().from(uploads).where(eq(uploads.id, stageId));
    expect(row).toMatchObject({
      status: 'STAGED',
      purpose: 'ncb-proof',
      size: bytes.length,
      mimeType: 'application/pdf',
      stagedByUserId: 'upload-owner',
    });
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.compare((await storage.get(row!.storageKey))!, bytes)).toBe(0);

    const committed = await commit({ fileNames: [fileName], comment: 'Letter from my insurer' });
    expect(committed.statusCode, committed.body).toBe(201);
    const { commitId } = committed.json<{ commitId: string }>();
    const [after] = await suite.app.db.select().from(uploads).where(eq(uploads.id, stageId));
    expect(after).toMatchObject({ status: 'COMMITTED', commitId });
    const [commitRow] = await suite.app.db
      .select()
      .from(uploadCommits)
      .where(eq(uploadCommits.id, commitId));
    expect(commitRow).toMatchObject({
      comment: 'Letter from my insurer',
      purpose: 'ncb-proof',
      documentDate: START.slice(0, 10),
    });
    const audits = await suite.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'upload.commit'), eq(auditLog.target, `policy:${policyNumber}`)),
      );
    expect(audits).toEqual([
      expect.objectContaining({ actorUserId: 'upload-owner', subjectUserId: 'upload-owner' }),
    ]);

    // Committed once: a second commit of the same name finds nothing staged.
    expect((await commit({ fileNames: [fileName] })).statusCode).toBe(409);
  });

  // Spec 2 §5: the no claims proof must be under 2 years old (maxAgeYears of the upload type).
  it('refuses no claims proof without its date, dated ahead, or 2 years old or more', async () => {
    expect((await stage({ fileName: 'dated.pdf' })).statusCode).toBe(201);
    const refusal = async (documentDate: string | undefined) => {
      const answer = await commit({ fileNames: ['dated.pdf'], documentDate });
      expect(answer.statusCode, answer.body).toBe(400);
      const { error } = ErrorBodySchema.parse(answer.json());
      expect(error.details).toMatchObject({ fields: [{ path: 'documentDate' }] });
      return error.message;
    };
    expect(await refusal(undefined)).toBe('Enter the date on the document.');
    expect(await refusal('2026-03-03')).toBe('The date on the document cannot be in the future.');
    expect(await refusal('2024-03-02')).toBe(
      'This document is more than 2 years old. Proof must be under 2 years old: send one dated ' +
        '03 Mar 2024 or later.',
    );
    const [waiting] = await rowsOf().then((rows) =>
      rows.filter((row) => row.fileName === 'dated.pdf'),
    );
    expect(waiting).toMatchObject({ status: 'STAGED', commitId: null });

    const accepted = await commit({ fileNames: ['dated.pdf'], documentDate: '2024-03-03' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [commitRow] = await suite.app.db
      .select()
      .from(uploadCommits)
      .where(eq(uploadCommits.id, accepted.json<{ commitId: string }>().commitId));
    expect(commitRow).toMatchObject({ documentDate: '2024-03-03' });
  });

  it('names a second staged file of the same name apart', async () => {
    const first = await stage({ fileName: 'C:\\Users\\me\\scan.pdf' });
    const second = await stage({ fileName: 'scan.pdf' });
    expect(first.json().fileName).toBe('scan.pdf');
    expect(second.json().fileName).toBe('scan (2).pdf');
    expect((await commit({ fileNames: ['scan.pdf', 'scan (2).pdf'] })).statusCode).toBe(201);
  });

  it('lets staff acting for the owner stage and commit, audited as the staff member', async () => {
    const staged = await stage({ headers: staffForOwner, fileName: 'staff.pdf' });
    expect(staged.statusCode, staged.body).toBe(201);
    const committed = await commit({ fileNames: ['staff.pdf'] }, staffForOwner);
    expect(committed.statusCode, committed.body).toBe(201);
    const [row] = await suite.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, staged.json().stageId));
    expect(row!.stagedByUserId).toBe('upload-staff');
    const audits = await suite.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upload.commit'), eq(auditLog.actorUserId, 'upload-staff')));
    expect(audits).toEqual([expect.objectContaining({ subjectUserId: 'upload-owner' })]);
  });

  it("answers another customer's policy as missing, and asks who is calling without a token", async () => {
    const before = (await rowsOf()).length;
    const staged = await stage({ headers: other });
    expect(staged.statusCode).toBe(404);
    expect(ErrorBodySchema.safeParse(staged.json()).success).toBe(true);
    expect((await commit({ fileNames: ['ncb-letter.pdf'] }, other)).statusCode).toBe(404);
    expect((await stage({ headers: {} })).statusCode).toBe(401);
    expect((await commit({ fileNames: ['ncb-letter.pdf'] }, {})).statusCode).toBe(401);
    expect((await stage({ id: 'pol_nope' })).statusCode).toBe(404);
    expect((await rowsOf()).length).toBe(before);
  });

  it('refuses a policy that is not ACTIVE or PENDING', async () => {
    await suite.app.db
      .update(policies)
      .set({ status: 'CANCELLED' })
      .where(eq(policies.policyId, policyId));
    try {
      const staged = await stage();
      expect(staged.statusCode).toBe(409);
      expect((await commit({ fileNames: ['ncb-letter.pdf'] })).statusCode).toBe(409);
    } finally {
      await suite.app.db
        .update(policies)
        .set({ status: 'ACTIVE' })
        .where(eq(policies.policyId, policyId));
    }
  });

  it('refuses an upload type the product does not declare', async () => {
    const staged = await stage({ purpose: 'driving-licence' });
    expect(staged.statusCode).toBe(400);
    expect(reasonOf(staged.body)).toBe('unknown-purpose');
    expect((await stage({ purpose: '../etc' })).statusCode).toBe(400);
    expect((await commit({ fileNames: ['a.pdf'], purpose: 'driving-licence' })).statusCode).toBe(
      400,
    );
  });

  it('refuses 10 MiB + 1 byte with a 413 and stores nothing', async () => {
    const before = await rowsOf();
    put.mockClear();
    const exact = await stage({ fileName: 'exact.pdf', bytes: pdfBytes(MAX_SIZE) });
    expect(exact.statusCode, exact.body).toBe(201);
    put.mockClear();
    const staged = await stage({ fileName: 'big.pdf', bytes: pdfBytes(MAX_SIZE + 1) });
    expect(staged.statusCode).toBe(413);
    expect(staged.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(reasonOf(staged.body)).toBe('file-too-large');
    expect(put).not.toHaveBeenCalled();
    const after = await rowsOf();
    expect(after.map((row) => row.fileName)).toEqual([
      ...before.map((row) => row.fileName),
      'exact.pdf',
    ]);
  });

  it('refuses a file called .pdf that is really a Windows program, by its bytes', async () => {
    const before = (await rowsOf()).length;
    put.mockClear();
    const staged = await stage({ fileName: 'ncb-letter.pdf', bytes: exeBytes() });
    expect(staged.statusCode).toBe(415);
    expect(reasonOf(staged.body)).toBe('file-invalid-type');
    expect((await stage({ fileName: 'empty.pdf', bytes: Buffer.alloc(0) })).statusCode).toBe(415);
    expect(put).not.toHaveBeenCalled();
    expect((await rowsOf()).length).toBe(before);
  });

  it('refuses a request that is not multipart or holds no file', async () => {
    const json = await suite.app.inject({
      method: 'POST',
      url: `/api/documents/upload/stage/${policyId}?purpose=ncb-proof`,
      headers: owner,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(ErrorBodySchema.safeParse(json.json()).success).toBe(true);
    const boundary = 'no-file-boundary';
    const noFile = await suite.app.inject({
      method: 'POST',
      url: `/api/documents/upload/stage/${policyId}?purpose=ncb-proof`,
      headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('refuses more than maxFiles (5) files in one commit', async () => {
    const names: string[] = [];
    for (let index = 1; index <= 6; index += 1) {
      const staged = await stage({ fileName: `page-${index}.pdf` });
      expect(staged.statusCode, staged.body).toBe(201);
      names.push(staged.json().fileName);
    }
    const refused = await commit({ fileNames: names });
    expect(refused.statusCode).toBe(400);
    expect(reasonOf(refused.body)).toBe('too-many-files');
    expect((await commit({ fileNames: names.slice(0, 5) })).statusCode).toBe(201);
  });

  it('removes files staged and not committed within a day', async () => {
    const staged = await stage({ fileName: 'forgotten.pdf' });
    const { stageId } = staged.json<{ stageId: string }>();
    const [row] = await suite.app.db.select().from(uploads).where(eq(uploads.id, stageId));
    clock.advance(23 * 60 * 60 * 1000);
    await runDueJobs(suite.app);
    expect(await storage.exists(row!.storageKey)).toBe(true);
    clock.advance(2 * 60 * 60 * 1000);
    // Too late to commit (with a fresh token: a day has passed), and gone once the job has run.
    const later = await suite.customer('upload-owner');
    expect((await commit({ fileNames: ['forgotten.pdf'] }, later)).statusCode).toBe(409);
    await runDueJobs(suite.app);
    expect(await storage.exists(row!.storageKey)).toBe(false);
    expect(await suite.app.db.select().from(uploads).where(eq(uploads.id, stageId))).toEqual([]);
    // Committed files stay.
    expect((await rowsOf()).every((upload) => upload.status === 'COMMITTED')).toBe(true);
  });
});
