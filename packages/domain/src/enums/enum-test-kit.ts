// Test-only helper (not exported from the package): checks an enumeration's exact spelling.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

export type EnumCase = [
  name: string,
  values: readonly string[],
  schema: z.ZodType,
  expected: string[],
];

function otherCase(value: string): string {
  const lower = value.toLowerCase();
  return lower === value ? value.toUpperCase() : lower;
}

/** Asserts each tuple equals the spec's list, its schema accepts each value and rejects others. */
export function describeEnumerations(title: string, cases: EnumCase[]): void {
  describe(title, () => {
    it.each(cases)(
      '%s lists exactly the spec values in order',
      (_name, values, _schema, expected) => {
        expect([...values]).toEqual(expected);
      },
    );

    it.each(cases)('%s schema accepts every value', (_name, _values, schema, expected) => {
      for (const value of expected) expect(schema.parse(value)).toBe(value);
    });

    it.each(cases)('%s schema rejects other spellings', (_name, _values, schema, expected) => {
      const wrong = expected.map(otherCase).filter((value) => !expected.includes(value));
      for (const value of [...wrong, '', 'UNKNOWN_VALUE']) {
        expect(schema.safeParse(value).success).toBe(false);
      }
    });
  });
}
