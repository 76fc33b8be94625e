import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { checkFiles, rejectionCodeOf, roundProgress } from './upload-rules';

const LIMITS = { maxFiles: 2, maxSize: 100, accept: ['pdf', 'png'] };
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('upload rules', () => {
  it('refuses by type, size and count, in that order', () => {
    const { accepted, rejected } = checkFiles(
      [file('a.PDF'), file('b.exe'), file('c.pdf', 101), file('d.png'), file('e.pdf')],
      LIMITS,
      0,
    );
    expect(accepted.map((entry) => entry.name)).toEqual(['a.PDF', 'd.png']);
    expect(rejected.map(({ file: entry, code }) => [entry.name, code])).toEqual([
      ['b.exe', 'file-invalid-type'],
      ['c.pdf', 'file-too-large'],
      ['e.pdf', 'too-many-files'],
    ]);
    expect(checkFiles([file('f.pdf')], LIMITS, 2).rejected[0]?.code).toBe('too-many-files');
  });

  it("reads a refusal's code from the API, by status, else unknown", () => {
    const failure = (status: number, details?: unknown) =>
      new ApiError({ kind: 'UNEXPECTED', status, data: { error: { details } } });
    expect(rejectionCodeOf(failure(409, { reason: 'too-many-files' }))).toBe('too-many-files');
    expect(rejectionCodeOf(failure(413))).toBe('file-too-large');
    expect(rejectionCodeOf(failure(415))).toBe('file-invalid-type');
    expect(rejectionCodeOf(failure(400, { reason: 'file-rejected' }))).toBe('unknown');
    expect(rejectionCodeOf(new ApiError({ kind: 'NETWORK' }))).toBe('unknown');
  });

  it('rounds progress to two decimals within 0 and 100', () => {
    expect(roundProgress(33.33333)).toBe(33.33);
    expect(roundProgress(66.666)).toBe(66.67);
    expect(roundProgress(120)).toBe(100);
    expect(roundProgress(-1)).toBe(0);
  });
});
