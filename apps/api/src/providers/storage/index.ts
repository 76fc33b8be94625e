import type { StorageConfig } from '../../config';
import { createLocalDiskStorage } from './local-disk';
import { createMemoryStorage } from './memory';
import { createS3Storage } from './s3';
import type { StorageProvider } from './types';

export type { StorageProvider } from './types';

/** S3 when STORAGE_PROVIDER=s3 (config.ts checks its variables), local disk otherwise. */
export function createStorage(config: StorageConfig): StorageProvider {
  if (config.provider === 's3') {
    const { bucket, region, endpoint, forcePathStyle, credentials } = config;
    return createS3Storage({ bucket, region, endpoint, forcePathStyle, credentials });
  }
  return createLocalDiskStorage(config.root);
}

/** The tests' store: in memory, one per app, so suites share no folder and leave none behind. */
export function createSandboxStorage(): StorageProvider {
  return createMemoryStorage();
}
