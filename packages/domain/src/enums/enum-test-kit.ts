// Test-only helper (not exported from the package): checks an enumeration's exact spelling.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** An enumeration's values, its schema (null when no code parses it, so there is none) and the spec's list. */
export type EnumCase = [
  name: string,
  values: readonly string[],
  schema: z.ZodType | null,
  expected: string[],
];

type SchemaCase = [name: string, values: readonly string[], schema: z.ZodType, expected: string[]];

function otherCase(value: string): string {
  const lower = value.toLowerCase();
  return lower === value ? value.toUpperCase() : lower;
}

function hasSchema(enumCase: EnumCase): enumCase is SchemaCase {
  return enumCase[2] !== null;
}

/** Asserts each tuple equals the spec's list, and each schema accepts each value and rejects others. */
export function describeEnumerations(title: string, cases: EnumCase[]): void {
  describe(title, () => {
    it.each(cases)(
      '%s lists exactly the spec values in order',
      (_name, values, _schema, expected) => {
        expect([...values]).toEqual(expected);
      },
    );

    const schemaCases = cases.filter(hasSchema);
    if (schemaCases.length === 0) return;

    it.each(schemaCases)('%s schema accepts every value', (_name, _values, schema, expected) => {
      for (const value of expected) expect(schema.parse(value)).toBe(value);
    });

    it.each(schemaCases)(
      '%s schema rejects other spellings',
      (_name, _values, schema, expected) => {
        const wrong = expected.map(otherCase).filter((value) => !expected.includes(value));
        for (const value of [...wrong, '', 'UNKNOWN_VALUE']) {
          expect(schema.safeParse(value).success).toBe(false);
        }
      },
    );
  });
}
