import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where generated documents live: local disk by default; an S3 adapter can take its place. */
export type BlobStorage = {
  /** Writes atomically (a reader never sees half a file); overwrites. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
};

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertKey(key: string): void {
  // Keys are built by us from ids; refuse anything that could climb out of the root.
  if (!KEY.test(key) || key.split('/').includes('..')) throw new Error(`Bad blob key: ${key}`);
}

/** Blobs as files under `root` (`$DATA_DIR/blobs`). */
export function createLocalDiskStorage(root: string): BlobStorage {
  return {
    async put(key, bytes) {
      assertKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      assertKey(key);
      try {
        return await readFile(path.join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
