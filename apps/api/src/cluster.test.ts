import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readWorkerCount } from './cluster';

const POSTGRES = { DATABASE_URL: 'postgres://db.example/motor' };

describe('readWorkerCount (WORKERS)', () => {
  it('is one process unless asked', () => {
    expect(readWorkerCount({})).toBe(1);
    expect(readWorkerCount({ WORKERS: '' })).toBe(1);
  });

  it('runs several processes on PostgreSQL, one per CPU for auto', () => {
    expect(readWorkerCount({ ...POSTGRES, WORKERS: '3' })).toBe(3);
    expect(readWorkerCount({ ...POSTGRES, WORKERS: 'auto' })).toBe(availableParallelism());
  });

  it('refuses several processes on PGlite, where auto means the one it can have', () => {
    expect(() => readWorkerCount({ WORKERS: '2' })).toThrow(
      'WORKERS above 1 needs DATABASE_URL (PostgreSQL): PGlite lives in one process',
    );
    expect(readWorkerCount({ WORKERS: 'auto' })).toBe(1);
  });

  it.each(['0', '-1', '1.5', 'two', '65'])('refuses WORKERS=%s', (value) => {
    expect(() => readWorkerCount({ ...POSTGRES, WORKERS: value })).toThrow(
      "WORKERS must be a whole number from 1 to 64 or 'auto'",
    );
  });
});
