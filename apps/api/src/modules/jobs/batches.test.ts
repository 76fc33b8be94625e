import { describe, expect, it } from 'vitest';
import { drainDueRows } from './batches';

describe('drainDueRows', () => {
  it('acts on every due row once, a batch at a time, as rows leave the scan', async () => {
    const due = Array.from({ length: 7 }, (_, index) => `row-${index}`);
    const acted: string[] = [];
    const done = await drainDueRows({
      scan: async (limit) => due.slice(0, limit),
      keyOf: (row) => row,
      act: async (row) => {
        acted.push(row);
        due.splice(due.indexOf(row), 1);
        return true;
      },
      batchSize: 3,
    });
    expect(done).toBe(7);
    expect(acted).toEqual(['row-0', 'row-1', 'row-2', 'row-3', 'row-4', 'row-5', 'row-6']);
  });

  it('ends when rows stay due (held by another runner): each is tried once per run', async () => {
    const held = ['a', 'b', 'c', 'd'];
    const tried: string[] = [];
    const done = await drainDueRows({
      scan: async (limit) => held.slice(0, limit),
      keyOf: (row) => row,
      act: async (row) => {
        tried.push(row);
        return false;
      },
      batchSize: 2,
    });
    expect(done).toBe(0);
    expect(tried).toEqual(['a', 'b']);
  });
});
