// Test kit: a fresh, migrated database that a describe block (or a file, called at its top)
// shares, without an app: opened in a beforeAll, closed (on PostgreSQL, dropped) in an afterAll.
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './test-app';

export function useTestDatabase(): { readonly handle: DatabaseHandle } {
  let opened: DatabaseHandle | undefined;
  beforeAll(async () => {
    opened = await createTestDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get handle() {
      if (!opened) throw new Error('useTestDatabase: opened in beforeAll; read it in a hook');
      return opened;
    },
  };
}
