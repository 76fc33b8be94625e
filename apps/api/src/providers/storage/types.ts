/** What a stored object is served as (S3 keeps it; local disk and memory do not need it). */
type PutOptions = { contentType: string };

/**
 * Where documents and uploads are kept: local disk under `DATA_DIR/blobs` by default,
 * S3-compatible object storage when `STORAGE_PROVIDER=s3`. Keys are ours, built from ids
 * (`policies/{policyId}/policy-certificate.pdf`); every operation refuses a key that
 * `assertStorageKey` rejects, so no key can climb out of the store's root.
 */
export type StorageProvider = {
  /** `memory` is the tests' store (createSandboxProviders); it forgets everything on exit. */
  adapter: 'local-disk' | 's3' | 'memory';
  /** Writes the whole object at once (a reader never sees half of it); overwrites. */
  put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Whether the object exists, without reading it. */
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
};
