import { assertStorageKey } from './key';
import type { StorageProvider } from './types';

/**
 * Objects in a Map: what createSandboxProviders gives tests, so suites share no folder and leave
 * nothing behind. Copies on the way in and out, as a real store would.
 */
export function createMemoryStorage(): StorageProvider {
  const objects = new Map<string, Buffer>();
  const checked = (key: string) => {
    assertStorageKey(key);
    return key;
  };
  return {
    adapter: 'memory',
    async put(key, bytes) {
      objects.set(checked(key), Buffer.from(bytes));
    },
    async get(key) {
      const bytes = objects.get(checked(key));
      return bytes ? Buffer.from(bytes) : null;
    },
    async exists(key) {
      return objects.has(checked(key));
    },
    async delete(key) {
      objects.delete(checked(key));
    },
  };
}
