import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand, getDisclosureInputs } from '@motor/brand-bmw';
import { UpdateProposalRequestSchema, type ProposalResponse } from '@motor/contract';
import type { ProposalChange } from '@motor/domain';
import type { InputDefinition } from '@motor/forms';
import type { App } from '../../../app-types';
import { createTestClock } from '../../../clock';
import {
  ADDITIONAL_DRIVER_ANSWERS,
  buildCompleteDisclosure,
} from '../../../modules/proposal/fixtures';
import { DISCLOSURE_ANSWER_DOCS } from './disclosures';
import {
  listMissingInformationNames,
  toMissingInformationKey,
  type MissingInformationAnswer,
} from './missing-information';
import { createTestApp } from '../../../test/test-app';

// The disclosure part of /api/openapi.json, read as a new client reads it: the answer schemas
// cover every question the API validates, the worked example really quotes, and every
// missingInformation name says which change answers it.

type Schema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  description?: string;
  [key: string]: unknown;
};

type Operation = {
  description?: string;
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
};

type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const START = '2026-03-02T09:00:00.000Z';

/** A small JSON-schema check (the keywords our document uses); returns the problems found. */
function check(document: Document, schema: Schema, value: unknown, at = '$'): string[] {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    return target ? check(document, target, value, at) : [`${at}: unresolved ${schema.$ref}`];
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (!options) continue;
    const passing = options.filter((option) => check(document, option, value, at).length === 0);
    if (key === 'oneOf' ? passing.length !== 1 : passing.length === 0) {
      return [`${at}: matches ${passing.length} of the ${key} alternatives`];
    }
  }
  const problems: string[] = [];
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const typeOf = (item: unknown) =>
    item === null
      ? 'null'
      : Array.isArray(item)
        ? 'array'
        : Number.isInteger(item)
          ? 'integer'
          : typeof item;
  const actual = typeOf(value);
  if (
    types.length > 0 &&
    !types.includes(actual) &&
    !(actual === 'integer' && types.includes('number'))
  ) {
    return [`${at}: expected ${types.join('|')}, got ${actual}`];
  }
  if ('const' in schema && schema.const !== value) problems.push(`${at}: expected the const`);
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${at}: not in the enum`);
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) {
      problems.push(`${at}: does not match ${schema.pattern}`);
    }
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(at);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(at);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: too small`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: too big`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(at);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(at);
    if (schema.items) {
      value.forEach((item, index) => {
        problems.push(...check(document, schema.items!, item, `${at}[${index}]`));
      });
    }
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in object)) problems.push(`${at}.${name}: required`);
    }
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      if (name in object) problems.push(...check(document, child, object[name], `${at}.${name}`));
    }
    if (schema.additionalProperties === false) {
      for (const name of Object.keys(object)) {
        if (!schema.properties?.[name]) problems.push(`${at}.${name}: not allowed`);
      }
    }
  }
  return problems;
}

/** The property schema of a dot path in an answers schema (through arrays' items). */
function findProperty(schema: Schema, path: string[]): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const segment of path) {
    const container: Schema | undefined = node?.type === 'array' ? node.items : node;
    node = container?.properties?.[segment];
  }
  return node;
}

/** Every input of a list with its path, loop rows under their loop's path. */
function flatten(inputs: readonly InputDefinition[], parents: string[] = []) {
  return inputs.flatMap((input): { input: InputDefinition; path: string[] }[] => {
    const path = [...parents, ...input.name.split('.')];
    return [{ input, path }, ...flatten(input.inputs ?? [], path)];
  });
}

/** The enum of a schema, or of its plain-value alternative. */
function enumOf(schema: Schema): unknown[] | undefined {
  return schema.enum ?? [...(schema.anyOf ?? [])].find((option) => option.enum)?.enum;
}

describe('OpenAPI: the disclosure answers', () => {
  const clock = createTestClock(START);
  let app: App;
  let document: Document;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
    // As a new client: an anonymous session's token from POST /api/session.
    const session = await app.inject({ method: 'POST', url: '/api/session' });
    expect(session.statusCode, session.body).toBe(200);
    headers = { authorization: `Bearer ${session.json<{ accessToken: string }>().accessToken}` };
  });
  afterAll(async () => {
    await app.close();
  });

  const patchOperation = () => document.paths['/api/proposals/{code}']?.patch;
  const answeredBy = (): MissingInformationAnswer[] =>
    document.components.schemas['ProposalQuote']?.properties?.['missingInformation']?.[
      'x-answered-by'
    ] as MissingInformationAnswer[];

  async function create(schemeCode: string): Promise<ProposalResponse> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function patch(code: string, payload: unknown): Promise<ProposalResponse> {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/proposals/${code}`,
      headers,
      payload: payload as object,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('describes every disclosure input of every scheme in its answers schema', () => {
    const schemes = brand.schemes.map((scheme) => scheme.schemeCode);
    expect(schemes).toEqual(expect.arrayContaining(['bmw-flex', 'bmw-driveaway']));
    for (const doc of DISCLOSURE_ANSWER_DOCS) {
      const schema = document.components.schemas[doc.schemaName];
      expect(schema, doc.schemaName).toMatchObject({ type: 'object' });
      for (const schemeCode of schemes) {
        for (const { input, path } of flatten(
          getDisclosureInputs({ schemeCode, target: doc.brandTarget }),
        )) {
          const where = `${doc.schemaName}.${path.join('.')}`;
          const property = findProperty(schema!, path);
          expect(property, where).toBeDefined();
          expect(property?.['x-input-type'], where).toBe(input.type);
          expect(property?.description, where).toBeTruthy();
          const options = input.meta.options?.map((option) => option.value);
          if (options && input.type !== 'marketingPreferences') {
            expect(enumOf(property!), where).toEqual(options);
          }
          if (input.validation.required === true)
            expect(property?.['x-required'], where).toBe(true);
          if (typeof input.validation.lessThanOrEqual === 'number') {
            expect(property?.maximum, where).toBe(input.validation.lessThanOrEqual);
            expect(property?.minimum, where).toBe(input.validation.greaterThanOrEqual);
          }
          if (input.type === 'date') expect(property?.format, where).toBe('date');
          if (input.type === 'questionLoop') expect(property?.type, where).toBe('array');
        }
      }
    }
  });

  it('gives types, enumerations, formats and nested shapes a client can follow', () => {
    const schemas = document.components.schemas;
    const policyholder = schemas['PolicyholderDisclosureAnswers']!;
    const car = schemas['CarDisclosureAnswers']!;
    const quote = schemas['QuoteDisclosureAnswers']!;
    expect(enumOf(findProperty(policyholder, ['drivingLicence', 'licenceType'])!)).toContain(
      'UKFull',
    );
    expect(enumOf(findProperty(policyholder, ['employmentStatus'])!)).toContain('FT');
    expect(enumOf(findProperty(car, ['usage'])!)).toContain('SocialDomesticPleasureCommuting');
    expect(findProperty(policyholder, ['dateOfBirth'])).toMatchObject({
      type: 'string',
      format: 'date',
    });
    expect(findProperty(policyholder, ['address'])).toMatchObject({
      type: 'object',
      required: ['line1', 'postalCode'],
    });
    expect(
      new RegExp(findProperty(policyholder, ['address', 'postalCode'])!.pattern!).test('SW1A 2AA'),
    ).toBe(true);
    expect(findProperty(car, ['vehicle'])).toMatchObject({
      type: 'object',
      required: ['regLookup', 'specification'],
    });
    expect(findProperty(car, ['vehicle'])?.['x-registration-formats']).toBeInstanceOf(Array);
    // Question loops: the claims and convictions rows.
    const claims = findProperty(policyholder, ['vehicleClaimsHistory'])!;
    expect(claims.type).toBe('array');
    expect(Object.keys(claims.items?.properties ?? {})).toEqual(
      expect.arrayContaining(['date', 'type', 'subType', 'ncdAffected']),
    );
    expect(enumOf(claims.items!.properties!['type']!)).toContain('Accident');
    expect(
      findProperty(policyholder, ['drivingLicence', 'convictions'])?.items?.properties,
    ).toHaveProperty('code');
    // Driveaway-only questions say which scheme asks them.
    for (const name of ['renewalMonth', 'retailer']) {
      const property = quote.properties?.[name];
      expect(property?.['x-schemes']).toEqual(['bmw-driveaway']);
      expect(property?.description).toMatch(/driveaway/);
    }
    expect(quote.properties?.['eligibilityConfirmed']?.['x-schemes']).toBeUndefined();
    // Which answers rating needs.
    expect(car['x-needed-to-rate']).toEqual(
      expect.arrayContaining(['vehicle', 'annualMileage', 'usage', 'overnightLocation']),
    );
    expect(policyholder.properties?.['dateOfBirth']?.['x-needed-to-rate']).toBe(true);
    expect(policyholder.properties?.['firstName']?.['x-needed-to-rate']).toBeUndefined();
    expect(schemas['AdditionalDriverDisclosureAnswers']?.properties).toHaveProperty(
      'relationshipToInsured',
    );
  });

  it('explains in the PATCH operation how an answer becomes an update item', () => {
    const description = patchOperation()?.description ?? '';
    expect(description).toContain('path "data.<name>"');
    expect(description).toContain('attribute "<name>"');
    for (const doc of DISCLOSURE_ANSWER_DOCS) expect(description).toContain(doc.schemaName);
    expect(description).toContain('| mainDriver.dateOfBirth | PROFILE_DISCLOSURE_CHANGE');
  });

  it('has a worked example that validates and takes a new flex proposal to QUOTE', async () => {
    const media = patchOperation()?.requestBody?.content['application/json'];
    const example = media?.example as { changes: ProposalChange[] };
    // The tests' own complete disclosure, so the example cannot drift from what is tested.
    expect(example).toEqual({ changes: buildCompleteDisclosure(), applyRating: true });
    expect(media?.schema).toEqual({ $ref: '#/components/schemas/UpdateProposalRequestInput' });
    expect(check(document, media!.schema, example)).toEqual([]);
    expect(UpdateProposalRequestSchema.safeParse(example).success).toBe(true);

    // Every answer of the example against its answers schema.
    const schemaOf: Record<string, string> = {
      QUOTE_DISCLOSURE_CHANGE: 'QuoteDisclosureAnswers',
      ASSET_DISCLOSURE_CHANGE: 'CarDisclosureAnswers',
      PROFILE_DISCLOSURE_CHANGE: 'PolicyholderDisclosureAnswers',
    };
    for (const change of example.changes) {
      const schema = document.components.schemas[schemaOf[change.changeType] ?? '']!;
      expect(schema, change.changeType).toBeDefined();
      const items = 'update' in change ? (change.update ?? []) : [];
      for (const item of items) {
        const path = item.path.replace(/^data\./, '').split('.');
        expect(item.attribute).toBe(path.at(-1));
        const property = findProperty(schema, path);
        expect(property, item.path).toBeDefined();
        expect(check(document, property!, item.value, item.path)).toEqual([]);
      }
    }

    const proposal = await create('bmw-flex');
    expect(proposal.status).toBe('INSUFFICIENT_ACCURACY');
    const quoted = await patch(proposal.proposalCode, example);
    expect(quoted.status).toBe('QUOTE');
    expect(quoted.quote.missingInformation).toEqual([]);
    expect(quoted.quote.totalPremium).toBeGreaterThan(0);
  });

  it('maps every missingInformation name of new flex and driveaway proposals', async () => {
    const entries = answeredBy();
    expect(entries.length).toBeGreaterThan(0);
    const mapped = new Set(entries.map((entry) => entry.name));
    const description =
      document.components.schemas['ProposalQuote']?.properties?.['missingInformation']
        ?.description ?? '';

    const flex = await create('bmw-flex');
    const driveaway = await create('bmw-driveaway');
    // With an additional driver, and an employment status that asks for an occupation.
    const withDriver = await patch(flex.proposalCode, {
      changes: [
        { changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode: 'd1' },
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: [{ path: 'data.employmentStatus', attribute: 'employmentStatus', value: 'FT' }],
        },
      ],
      applyRating: true,
    });
    const names = [flex, driveaway, withDriver].flatMap(
      (proposal) => proposal.quote.missingInformation,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'vehicle',
        'mainDriver.dateOfBirth',
        'additionalDrivers[0].dateOfBirth',
        'mainDriver.occupationCode',
        'quote.retailer',
      ]),
    );
    // Every name the code can produce (probed from status.ts evaluateProposal), not only these.
    for (const key of listMissingInformationNames().keys()) expect(mapped.has(key), key).toBe(true);
    for (const name of names) {
      const key = toMissingInformationKey(name);
      expect(mapped.has(key), name).toBe(true);
      expect(description).toContain(`| ${key} |`);
    }
    // Each mapping names a real answer of its schema, with a path and attribute that reach it.
    for (const entry of entries) {
      const schema = document.components.schemas[entry.schemaName]!;
      expect(findProperty(schema, entry.answer.split('.')), entry.name).toBeDefined();
      expect(entry.path).toBe(`data.${entry.answer}`);
      expect(entry.attribute).toBe(entry.answer.split('.').at(-1));
    }
    const retailer = entries.find((entry) => entry.name === 'quote.retailer');
    expect(retailer).toMatchObject({
      changeType: 'QUOTE_DISCLOSURE_CHANGE',
      schemeCodes: ['bmw-driveaway'],
    });
  });

  it('each mapped change really answers its missingInformation name', async () => {
    const entries = answeredBy();
    const proposal = await create('bmw-flex');
    const complete = { changes: buildCompleteDisclosure(), applyRating: true };
    let current = await patch(proposal.proposalCode, complete);
    expect(current.status).toBe('QUOTE');

    // Clearing the mapped answer (value null; a nested one with its enclosing answer, as a
    // required part of an answer cannot be cleared alone) brings the name back.
    const main = entries.filter(
      (entry) => entry.changeType !== 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE' && !entry.schemeCodes,
    );
    for (const entry of main) {
      const [top = entry.answer] = entry.answer.split('.');
      const change = {
        changeType: entry.changeType,
        ...(entry.profileCode ? { profileCode: entry.profileCode } : {}),
        ...(entry.assetCode ? { assetCode: entry.assetCode } : {}),
        update: [{ path: `data.${top}`, attribute: top, value: null }],
      };
      current = await patch(proposal.proposalCode, { changes: [change], applyRating: true });
      expect(current.quote.missingInformation, entry.name).toContain(entry.name);
      // And answering it again (the complete disclosure) quotes again.
      current = await patch(proposal.proposalCode, complete);
      expect(current.status, entry.name).toBe('QUOTE');
    }

    // An additional driver: answering the mapped answers clears the driver's names.
    const driverProposal = await create('bmw-flex');
    await patch(driverProposal.proposalCode, {
      changes: buildCompleteDisclosure(),
      applyRating: true,
    });
    const added = await patch(driverProposal.proposalCode, {
      changes: [{ changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode: 'd1' }],
      applyRating: true,
    });
    const driverNames = added.quote.missingInformation.filter((name) =>
      name.startsWith('additionalDrivers[0].'),
    );
    expect(driverNames.length).toBeGreaterThan(0);
    const driverEntries = entries.filter((entry) =>
      driverNames.map(toMissingInformationKey).includes(entry.name),
    );
    const answers = ADDITIONAL_DRIVER_ANSWERS as Record<string, unknown>;
    const valueAt = (path: string) =>
      path
        .split('.')
        .reduce<unknown>(
          (value, segment) => (value as Record<string, unknown>)?.[segment],
          answers,
        );
    const answered = await patch(driverProposal.proposalCode, {
      changes: driverEntries.map((entry) => ({
        changeType: entry.changeType,
        profileCode: 'd1',
        update: [{ path: entry.path, attribute: entry.attribute, value: valueAt(entry.answer) }],
      })),
      applyRating: true,
    });
    expect(answered.quote.missingInformation).toEqual([]);
    expect(answered.status).toBe('QUOTE');
  });

  it('keeps every $ref of the document resolvable', () => {
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas).toHaveProperty([ref.split('/').at(-1)!]);
    }
  });
});
