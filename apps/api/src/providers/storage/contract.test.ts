import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk';
import { createMemoryStorage } from './memory';
import { createS3Storage, type S3StorageOptions } from './s3';
import type { StorageProvider } from './types';

// One contract, three stores: memory (the tests' sandbox), local disk in a temporary folder (the
// embedded default), and the S3 adapter against s3rver, a fake S3 server started in-process.

type Harness = { storage: StorageProvider; close(): Promise<void> };

const PDF = { contentType: 'application/pdf' };
const BUCKET = 'motor-documents';
/** s3rver's one built-in key pair (it knows the key id; it does not check SigV4 signatures). */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function temporaryFolder(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'motor-storage-'));
}

async function localDiskHarness(): Promise<Harness & { root: string }> {
  const root = await temporaryFolder();
  return {
    root,
    storage: createLocalDiskStorage(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Harness(): Promise<Harness & { options: S3StorageOptions }> {
  const directory = await temporaryFolder();
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket: BUCKET,
    region: 'eu-west-2',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  };
  return {
    options,
    storage: createS3Storage(options),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const harnesses: [string, () => Promise<Harness>][] = [
  ['memory', async () => ({ storage: createMemoryStorage(), close: async () => undefined })],
  ['local disk', localDiskHarness],
  ['S3 (s3rver)', s3Harness],
];

const BAD_KEYS = [
  '',
  '../outside.pdf',
  'policies/../../outside.pdf',
  'policies/./a.pdf',
  '/etc/passwd',
  'policies//a.pdf',
  'policies/a.pdf/',
  'policies\\a.pdf',
  '.hidden',
  'policies/a b.pdf',
  'x'.repeat(1025),
];

describe.each(harnesses)('storage contract: %s', (_name, start) => {
  let harness: Harness;
  let storage: StorageProvider;

  beforeAll(async () => {
    harness = await start();
    storage = harness.storage;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('gives back exactly the bytes it was given, under nested keys', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    await storage.put('policies/p-1/policy-certificate.pdf', bytes, PDF);
    const read = await storage.get('policies/p-1/policy-certificate.pdf');
    expect(read).toBeInstanceOf(Buffer);
    expect(Buffer.compare(read!, Buffer.from(bytes))).toBe(0);
    expect(await storage.exists('policies/p-1/policy-certificate.pdf')).toBe(true);
  });

  it('answers null and false for a key it does not hold, and for a folder of keys', async () => {
    expect(await storage.get('policies/nobody/policy-certificate.pdf')).toBeNull();
    expect(await storage.exists('policies/nobody/policy-certificate.pdf')).toBe(false);
    await storage.put('folders/f-1/a.pdf', Buffer.from('a'), PDF);
    expect(await storage.get('folders/f-1')).toBeNull();
    expect(await storage.exists('folders/f-1')).toBe(false);
    expect(await storage.exists('folders/f-1/a.pd')).toBe(false);
  });

  it('overwrites, and keeps an empty object', async () => {
    await storage.put('overwrite/o.pdf', Buffer.from('first version'), PDF);
    await storage.put('overwrite/o.pdf', Buffer.from('second'), PDF);
    expect((await storage.get('overwrite/o.pdf'))!.toString()).toBe('second');
    await storage.put('overwrite/empty.txt', new Uint8Array(0), { contentType: 'text/plain' });
    expect(await storage.get('overwrite/empty.txt')).toEqual(Buffer.alloc(0));
    expect(await storage.exists('overwrite/empty.txt')).toBe(true);
  });

  it('deletes, and deleting what is not there is no error', async () => {
    await storage.put('deleted/d.pdf', Buffer.from('gone soon'), PDF);
    await storage.delete('deleted/d.pdf');
    expect(await storage.get('deleted/d.pdf')).toBeNull();
    expect(await storage.exists('deleted/d.pdf')).toBe(false);
    await expect(storage.delete('deleted/d.pdf')).resolves.toBeUndefined();
    await expect(storage.delete('deleted/never/was.pdf')).resolves.toBeUndefined();
  });

  it('keeps concurrent writes to one key whole: the last one wins, never a mixture', async () => {
    const versions = ['a', 'b', 'c', 'd'].map((letter) => Buffer.alloc(64 * 1024, letter));
    await Promise.all(versions.map((bytes) => storage.put('race/r.bin', bytes, PDF)));
    const read = (await storage.get('race/r.bin'))!;
    expect(versions.some((bytes) => Buffer.compare(bytes, read) === 0)).toBe(true);
  });

  it.each(BAD_KEYS)('refuses the key %j in every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), PDF)).rejects.toThrow(/Bad storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Bad storage key/);
    await expect(storage.exists(key)).rejects.toThrow(/Bad storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Bad storage key/);
  });
});

describe('local disk storage', () => {
  let harness: Awaited<ReturnType<typeof localDiskHarness>>;
  beforeAll(async () => {
    harness = await localDiskHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('writes files under its root and leaves no temporary file behind', async () => {
    await harness.storage.put('policies/p-2/policy-schedule.pdf', Buffer.from('%PDF'), PDF);
    expect(await readdir(path.join(harness.root, 'policies', 'p-2'))).toEqual([
      'policy-schedule.pdf',
    ]);
  });
});

describe('S3 storage', () => {
  let harness: Awaited<ReturnType<typeof s3Harness>>;
  beforeAll(async () => {
    harness = await s3Harness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('stores the content type with the object', async () => {
    await harness.storage.put('policies/p-3/policy-certificate.pdf', Buffer.from('%PDF'), PDF);
    const { region, endpoint, forcePathStyle, credentials } = harness.options;
    const client = new S3Client({ region, endpoint, forcePathStyle, credentials });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'policies/p-3/policy-certificate.pdf' }),
    );
    client.destroy();
    expect(head.ContentType).toBe('application/pdf');
    expect(head.ContentLength).toBe(4);
  });

  it('fails loudly, not with "missing", when the bucket does not exist', async () => {
    const wrong = createS3Storage({ ...harness.options, bucket: 'no-such-bucket' });
    await expect(wrong.get('policies/p-3/policy-certificate.pdf')).rejects.toThrow();
    await expect(wrong.put('a/b.pdf', Buffer.from('x'), PDF)).rejects.toThrow();
  });

  it('fails when the access key is unknown', async () => {
    const wrong = createS3Storage({
      ...harness.options,
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'not-the-secret' },
    });
    await expect(wrong.get('policies/p-3/policy-certificate.pdf')).rejects.toThrow();
  });
});
