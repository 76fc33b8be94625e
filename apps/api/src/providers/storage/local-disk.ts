import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey } from './key';
import type { StorageProvider } from './types';

// A key that is only a folder of other keys (`policies/1`) is no object, as on S3.
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ERR_FS_EISDIR']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * Objects as files under `root` (`DATA_DIR/blobs`): the embedded default. One process or one
 * shared volume; several instances on separate disks need S3 (`STORAGE_PROVIDER=s3`).
 */
export function createLocalDiskStorage(root: string): StorageProvider {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    adapter: 'local-disk',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader sees the old file or the new one, never half of one.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      try {
        await rm(fileOf(key), { force: true });
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
