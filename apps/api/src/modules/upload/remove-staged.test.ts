import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@motor/contract';
import { auditLog, uploads } from '../../db/schema';
import { createBoundPolicyWithNumber } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { IMPERSONATE_HEADER, PERMISSIONS } from '../identity';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { multipartFile, pdfBytes } from '../../test/uploads';

// DELETE /api/documents/upload/stage/{policyId}/{stageId}: a staged file taken off the upload
// page's list leaves the blob store and the table at once, not an hour later (issue 14 item 6).

const START = '2026-03-02T09:00:00.000Z';

describe('removing a staged upload', () => {
  const suite = useTestApp({ at: START, seed: true });
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let staffForOwner: Record<string, string>;
  let staffForNobody: Record<string, string>;
  let policyId: string;
  let policyNumber: string;
  let otherPolicyId: string;

  beforeAll(async () => {
    owner = await suite.customer('remove-owner');
    other = await suite.customer('remove-other');
    const staffToken = await createTestAccessToken(suite.app, {
      userId: 'remove-staff',
      roles: ['admin'],
      permissions: [PERMISSIONS.impersonate],
    });
    staffForOwner = { ...bearer(staffToken), [IMPERSONATE_HEADER]: 'remove-owner' };
    staffForNobody = bearer(staffToken);
    ({ policyId, policyNumber } = await createBoundPolicyWithNumber(suite.app, owner));
    ({ policyId: otherPolicyId } = await createBoundPolicyWithNumber(suite.app, other));
  });

  async function stage(fileName: string, headers = owner, id = policyId) {
    const body = multipartFile({ fileName, bytes: pdfBytes(), contentType: 'application/pdf' });
    const staged = await suite.app.inject({
      method: 'POST',
      url: `/api/documents/upload/stage/${id}?purpose=ncb-proof`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(staged.statusCode, staged.body).toBe(201);
    return staged.json<{ stageId: string; fileName: string }>();
  }

  /** As the web sends it: an empty JSON object (see remove-staged-upload.ts); or no body at all. */
  const remove = (
    stageId: string,
    headers = owner,
    id = policyId,
    body: 'json' | 'none' = 'json',
  ) =>
    suite.app.inject({
      method: 'DELETE',
      url: `/api/documents/upload/stage/${id}/${stageId}`,
      headers,
      ...(body === 'json' ? { payload: {} } : {}),
    });

  const commit = (fileNames: string[], headers = owner) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/documents/upload/commit/${policyId}`,
      headers,
      payload: { fileNames, purpose: 'ncb-proof', documentDate: START.slice(0, 10) },
    });

  async function rowOf(stageId: string) {
    const [row] = await suite.app.db.select().from(uploads).where(eq(uploads.id, stageId));
    return row;
  }

  const removals = (actorUserId: string) =>
    suite.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upload.remove'), eq(auditLog.actorUserId, actorUserId)));

  it('deletes the owner’s staged file: its bytes, its row, audited; the name is free again', async () => {
    const { stageId } = await stage('letter.pdf');
    const { storageKey } = (await rowOf(stageId))!;
    expect(await suite.app.providers.storage.exists(storageKey)).toBe(true);

    const removed = await remove(stageId);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(removed.body).toBe('');
    expect(await rowOf(stageId)).toBeUndefined();
    expect(await suite.app.providers.storage.exists(storageKey)).toBe(false);
    expect(await removals('remove-owner')).toEqual([
      expect.objectContaining({
        subjectUserId: 'remove-owner',
        target: `policy:${policyNumber} file:letter.pdf`,
      }),
    ]);
    // Staged again under the same name, not "letter (2).pdf".
    expect((await stage('letter.pdf')).fileName).toBe('letter.pdf');
  });

  it('lets staff acting for the owner delete it, audited as the staff member', async () => {
    const { stageId } = await stage('by-staff.pdf', staffForOwner);
    const removed = await remove(stageId, staffForOwner);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await rowOf(stageId)).toBeUndefined();
    expect(await removals('remove-staff')).toEqual([
      expect.objectContaining({
        subjectUserId: 'remove-owner',
        target: `policy:${policyNumber} file:by-staff.pdf`,
      }),
    ]);
  });

  it('keeps a committed file: 409, bytes and row untouched', async () => {
    const { stageId, fileName } = await stage('committed.pdf');
    expect((await commit([fileName])).statusCode).toBe(201);
    const before = (await rowOf(stageId))!;
    const refused = await remove(stageId);
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(refused.json()).error.message).toBe(
      'This file has been sent already and cannot be removed.',
    );
    expect(await rowOf(stageId)).toEqual(before);
    expect(await suite.app.providers.storage.exists(before.storageKey)).toBe(true);
  });

  it('answers out-of-order calls: removed twice, never staged, then committed after removal', async () => {
    const { stageId, fileName } = await stage('twice.pdf');
    // Without a body too.
    expect((await remove(stageId, owner, policyId, 'none')).statusCode).toBe(204);
    const again = await remove(stageId);
    expect(again.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(again.json()).error.message).toBe('We could not find that file.');
    expect((await remove('upl_never_staged')).statusCode).toBe(404);
    // The commit no longer finds the removed file.
    expect((await commit([fileName])).statusCode).toBe(409);
  });

  it("answers someone else's file as missing and changes nothing", async () => {
    const mine = await stage('mine.pdf');
    const theirs = await stage('theirs.pdf', other, otherPolicyId);
    const removalsBefore = (
      await suite.app.db.select().from(auditLog).where(eq(auditLog.action, 'upload.remove'))
    ).length;

    // Another customer, through my policy or theirs.
    expect((await remove(mine.stageId, other)).statusCode).toBe(404);
    expect((await remove(mine.stageId, other, otherPolicyId)).statusCode).toBe(404);
    // My policy, their file; their policy, my file.
    expect((await remove(theirs.stageId, owner)).statusCode).toBe(404);
    expect((await remove(theirs.stageId, owner, otherPolicyId)).statusCode).toBe(404);
    // Staff acting for me cannot reach their file either.
    expect((await remove(theirs.stageId, staffForOwner, otherPolicyId)).statusCode).toBe(404);
    // Staff acting for nobody are asked to choose a customer; nobody signed in, to sign in.
    expect((await remove(mine.stageId, staffForNobody)).statusCode).toBe(403);
    expect((await remove(mine.stageId, {})).statusCode).toBe(401);
    expect((await remove(mine.stageId, owner, 'pol_nope')).statusCode).toBe(404);

    expect(await rowOf(mine.stageId)).toMatchObject({ status: 'STAGED' });
    expect(await rowOf(theirs.stageId)).toMatchObject({ status: 'STAGED' });
    expect(
      (await suite.app.db.select().from(auditLog).where(eq(auditLog.action, 'upload.remove')))
        .length,
    ).toBe(removalsBefore);
    // Each owner still removes their own.
    expect((await remove(theirs.stageId, other, otherPolicyId)).statusCode).toBe(204);
    expect((await remove(mine.stageId)).statusCode).toBe(204);
  });
});
