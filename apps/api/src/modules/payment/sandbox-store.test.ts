import { describe, expect, it } from 'vitest';
import type { SandboxStore } from '../../providers/card-payments';
import { createMemorySandboxStore } from '../../providers/card-payments/sandbox-store';
import { useTestDatabase } from '../../test/use-test-database';
import { createDatabaseSandboxStore } from '.';

// The sandbox providers' store, in our database and in memory: the same answers from both, and
// several records written by one call (a collection, its reference, the mandate's count) kept
// together, each replacing what was there.

const database = useTestDatabase();

const stores: [string, () => SandboxStore][] = [
  ['in our database', () => createDatabaseSandboxStore(database.handle.db, () => new Date())],
  ['in memory', createMemorySandboxStore],
];

describe.each(stores)('the sandbox store %s', (name, makeStore) => {
  it('writes several records at once, replacing those already kept', async () => {
    const store = makeStore();
    const kind = `test-${name}`;
    await store.put(kind, 'a', { n: 1 });
    await store.putAll([
      { kind, id: 'a', data: { n: 2 } },
      { kind, id: 'b', data: { n: 3 } },
      { kind: `${kind}-reference`, id: 'ref-1', data: { id: 'b' } },
    ]);
    expect(await store.get(kind, 'a')).toEqual({ n: 2 });
    expect(await store.get(`${kind}-reference`, 'ref-1')).toEqual({ id: 'b' });
    expect(await store.list(kind)).toEqual(expect.arrayContaining([{ n: 2 }, { n: 3 }]));
    expect(await store.list(kind)).toHaveLength(2);
    await store.putAll([]);
    await store.remove(kind, 'a');
    expect(await store.get(kind, 'a')).toBeNull();
    expect(await store.list(kind)).toEqual([{ n: 3 }]);
  });
});
