// Golden files: a test compares what the API answers with a checked-in JSON file, so that a change
// of figures shows in review as a diff. GOLDEN_UPDATE=1 writes the files instead of comparing (every
// file a test names, so one run regenerates them all); read the diff before committing it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const IS_UPDATE = process.env.GOLDEN_UPDATE === '1';

/** Two-space JSON with a final newline (what Prettier leaves as it is for these shapes). */
const toJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Expects `value` (made plain by a JSON round trip) to equal the golden file at `file`; with
 * GOLDEN_UPDATE=1 writes the file instead.
 */
export function expectGolden(file: URL, value: unknown): void {
  const path = fileURLToPath(file);
  const actual = JSON.parse(JSON.stringify(value)) as unknown;
  if (IS_UPDATE) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, toJson(actual));
    return;
  }
  if (!existsSync(path)) {
    expect.fail(`No golden file ${path}: run the test once with GOLDEN_UPDATE=1 and read it.`);
  }
  expect(actual, path).toEqual(JSON.parse(readFileSync(path, 'utf8')));
}
