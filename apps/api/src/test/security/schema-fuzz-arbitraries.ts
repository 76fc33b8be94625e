// Issue 21 item 10: fast-check arbitraries for the schema fuzzing suite. Values are derived
// from an operation's JSON schema in the OpenAPI document (what a well-meaning client sends),
// then mutated the ways an attacker or a broken client would (what the server must refuse).
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: {
    required?: boolean;
    content?: Record<string, { schema?: JsonSchema; example?: unknown }>;
  };
};

const MAX_SCHEMA_DEPTH = 6;

function resolve(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = document.components?.schemas?.[name] ?? {};
  }
  return current;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  const plain = fc.string({ minLength, maxLength, unit: 'grapheme' });
  if (!schema.pattern) return plain;
  try {
    // Generated from the pattern when fast-check can; plain strings otherwise (also worth trying).
    return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), plain);
  } catch {
    return plain;
  }
}

/** Values matching `schema` (mostly: limits are followed, cross-field rules are not known here). */
export function arbitraryFromSchema(
  schema: JsonSchema,
  document: OpenApiDocument,
  depth = 0,
): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, document);
  if (depth > MAX_SCHEMA_DEPTH) return fc.constant(null);
  if ('const' in resolved) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives?.length) {
    return fc.oneof(
      ...alternatives.map((alternative) => arbitraryFromSchema(alternative, document, depth + 1)),
    );
  }
  if (resolved.allOf?.length) return arbitraryFromSchema(resolved.allOf[0]!, document, depth + 1);
  if (Array.isArray(resolved.type)) {
    return fc.oneof(
      ...resolved.type.map((type) => arbitraryFromSchema({ ...resolved, type }, document, depth)),
    );
  }
  switch (resolved.type) {
    case 'string':
      return stringArbitrary(resolved);
    case 'integer':
      return fc.integer({
        min: Math.max(resolved.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(resolved.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: resolved.minimum ?? -1_000_000,
        max: resolved.maximum ?? 1_000_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = resolved.items ?? {};
      const minLength = resolved.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(resolved.maxItems ?? 3, 3));
      return fc.array(arbitraryFromSchema(items, document, depth + 1), { minLength, maxLength });
    }
    case 'object':
    case undefined: {
      if (!resolved.properties) {
        if (resolved.type === 'object' && typeof resolved.additionalProperties === 'object') {
          return fc.dictionary(
            fc.string({ minLength: 1, maxLength: 12 }),
            arbitraryFromSchema(resolved.additionalProperties, document, depth + 1),
            { maxKeys: 3 },
          );
        }
        return resolved.type === 'object'
          ? fc.constant({})
          : fc.jsonValue({ maxDepth: 2 }).map((value) => value as unknown);
      }
      const model = Object.fromEntries(
        Object.entries(resolved.properties).map(([name, property]) => [
          name,
          arbitraryFromSchema(property, document, depth + 1),
        ]),
      );
      return fc.record(model, { requiredKeys: resolved.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

// ---- Mutations ----------------------------------------------------------------------------

/** 100,000 characters: far beyond any field's limit, well under the body limit. */
export const HUGE_STRING = 'A'.repeat(100_000);

/** Strings no field should store as they are, or that must not break anything on the way. */
export const NASTY_STRINGS = [
  '\u0000',
  'BMW\u0000',
  '\u0001\u0002\u0003\u0007\b\u000b\f\u000e\u001f',
  '\u001b[31mred\u001b[0m',
  '\u007f\u0085\u009f',
  'line\r\nInjected-Header: yes',
  '\u2028\u2029',
  '\ufeffBOM',
  '\ud800',
  '\udfff lone low surrogate',
  '\ud83d\ude97\ud83d\udca8\ud83e\uddd1\u200d\ud83e\udd1d\u200d\ud83e\uddd1',
  '\u202eRTL override\u202c',
  '\u0627\u0644\u0639\u0631\u0628\u064a\u0629 \u05e2\u05d1\u05e8\u05d9\u05ea',
  'Z\u0351\u0360\u0364\u0307\u0303a\u0352\u033d\u0346lgo',
  '\uffff\ufffe',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '-0',
  '9007199254740993',
  "' OR '1'='1' --",
  "'; DROP TABLE proposals; --",
  '" UNION SELECT password FROM users --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  '',
  ' ',
  HUGE_STRING,
] as const;

/** Values of the wrong type for almost any field. */
const WRONG_TYPE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  -2_147_483_649,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  'NaN',
  'Infinity',
  '',
  [],
  [null],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown,
];

const MUTATION_KINDS = [
  'wrong-type',
  'nasty-string',
  'drop-field',
  'extra-field',
  'null-field',
  'negative-number',
  'replace-root',
] as const;
type MutationKind = (typeof MUTATION_KINDS)[number];

export type Mutation = { kind: MutationKind; pick: number; value: unknown };

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...MUTATION_KINDS),
  pick: fc.nat(),
  value: fc.oneof(
    fc.constantFrom<unknown>(...NASTY_STRINGS),
    fc.constantFrom(...WRONG_TYPE_VALUES),
    fc.integer({ min: -1_000_000_000, max: -1 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
  ),
});

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number };

/** Every place in `value` that holds something: object properties and array items. */
function listSlots(value: unknown): Slot[] {
  const slots: Slot[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        slots.push({ parent: current, key: index });
        stack.push(item);
      });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        slots.push({ parent: current as Record<string, unknown>, key });
        stack.push(child);
      }
    }
  }
  return slots;
}

function write(slot: Slot, value: unknown) {
  (slot.parent as Record<string | number, unknown>)[slot.key] = value;
}

/** `value` (a fresh copy) mutated as `mutation` says. */
export function applyMutation(original: unknown, mutation: Mutation): unknown {
  const value: unknown = structuredClone(original);
  const slots = listSlots(value);
  const slot = slots.length > 0 ? slots[mutation.pick % slots.length]! : undefined;
  const asString = typeof mutation.value === 'string' ? mutation.value : NASTY_STRINGS[0];
  switch (mutation.kind) {
    case 'replace-root':
      return mutation.value;
    case 'wrong-type':
    case 'nasty-string': {
      const replacement = mutation.kind === 'nasty-string' ? asString : mutation.value;
      if (!slot) return replacement;
      write(slot, replacement);
      return value;
    }
    case 'null-field':
      if (!slot) return null;
      write(slot, null);
      return value;
    case 'negative-number': {
      const numbers = slots.filter((candidate) => {
        const current = (candidate.parent as Record<string | number, unknown>)[candidate.key];
        return typeof current === 'number';
      });
      const target = numbers[mutation.pick % Math.max(numbers.length, 1)] ?? slot;
      if (!target) return -1;
      write(target, -Math.abs(typeof mutation.value === 'number' ? mutation.value : 1) || -1);
      return value;
    }
    case 'drop-field': {
      if (!slot) return value;
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else delete slot.parent[slot.key as string];
      return value;
    }
    case 'extra-field': {
      const objects = [value, ...slots.map((candidate) => candidate.parent)].filter(
        (candidate): candidate is Record<string, unknown> =>
          typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate),
      );
      const target = objects[mutation.pick % Math.max(objects.length, 1)];
      if (!target) return { unexpected: mutation.value };
      const key = ['unexpected', 'isAdmin', 'userId', 'status', asString.slice(0, 40)][
        mutation.pick % 5
      ]!;
      target[key] = mutation.value;
      return value;
    }
  }
}

/** `{"a":{"a":...}}` `depth` levels deep, as text (JSON.stringify would recurse as deep). */
export function deeplyNested(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object'
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Bodies that are not JSON, or not the JSON anyone expects. */
export const BAD_JSON_BODIES = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":1e999999}',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '"just a string"',
  '12345',
  'null',
  'true',
  '[]',
  '',
  ' ',
] as const;

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=nope',
  'application/jsonx',
  'image/png',
  '*/*',
  'garbage',
] as const;

/**
 * encodeURIComponent that also takes lone surrogates: they go as the bytes a naive encoder would
 * write for them (%ED%A0%80), which are not UTF-8, which is the point.
 */
export function encodeLoosely(value: string): string {
  return value.replace(/[\s\S]/gu, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      const unit = character.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  });
}

/** Values for a path parameter: encoded for the URL, or raw where the raw form is the attack. */
export const NASTY_PATH_SEGMENTS = [
  ...NASTY_STRINGS.filter((value) => value !== HUGE_STRING && value !== '').map((value) =>
    encodeLoosely(value),
  ),
  '%00',
  '%',
  '%zz',
  '%c0%ae%c0%ae',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  'a'.repeat(101),
  'a'.repeat(10_000),
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'null',
  'undefined',
  '[object Object]',
] as const;
