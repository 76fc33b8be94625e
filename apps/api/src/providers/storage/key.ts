/** Segments of letters, digits, `_`, `-` and `.`, joined by single slashes. */
const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9_.-]+)*$/i;

/** S3's limit on a key, in UTF-8 bytes (our keys are ASCII). */
const MAX_KEY_LENGTH = 1024;

/**
 * Throws unless `key` is one we would build: relative, no empty, `.` or `..` segment, no
 * backslash, at most 1024 characters. The same rule for every adapter, so a key that works in
 * development works on S3, and none reaches outside the local store's root.
 */
export function assertStorageKey(key: string): void {
  const ok =
    key.length <= MAX_KEY_LENGTH &&
    KEY.test(key) &&
    key.split('/').every((segment) => segment !== '.' && segment !== '..');
  if (!ok) throw new Error(`Bad storage key: ${JSON.stringify(key.slice(0, 200))}`);
}
