import type { DisclosureTarget as BrandTarget } from '@motor/brand-kit';
import type { Condition, InputDefinition } from '@motor/forms';
import { z } from 'zod';
import { brandOfScheme, deploymentBrand } from '../../../modules/brand';
import { buildCompleteDisclosure } from '../../../modules/proposal';
import {
  CORE_ASSET_CODE,
  findAnswerSchema,
  POLICYHOLDER_PROFILE_CODE,
  type DisclosureTarget,
} from '../../../modules/disclosure';
import {
  describeMissingInformation,
  listMissingInformationAnswers,
  schemeCodes,
  type MissingInformationAnswer,
} from './missing-information';

// What /api/openapi.json says about the disclosure answers, generated from the definitions the
// API validates with: the brand's form-engine inputs (what is asked, when, with which options and
// rules) and the server's answer schemas (answers.ts: the JSON shape that is stored). Nothing here
// is a hand-written copy of a question; the only hand-written part is which answer feeds which
// rating field (RATING_FIELD_ANSWERS), checked against the API in the tests.

type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  description?: string;
};

/** One documented answer set: a components.schemas entry and the change that carries it. */
export type DisclosureAnswersDoc = {
  schemaName: string;
  brandTarget: BrandTarget;
  serverTarget: DisclosureTarget;
  changeTypes: string[];
  /** How the change names the disclosure: profileCode 'ph', assetCode 'car', or none. */
  code: string | null;
  summary: string;
};

export const DISCLOSURE_ANSWER_DOCS: readonly DisclosureAnswersDoc[] = [
  {
    schemaName: 'QuoteDisclosureAnswers',
    brandTarget: 'quote',
    serverTarget: 'quote',
    changeTypes: ['QUOTE_DISCLOSURE_CHANGE'],
    code: null,
    summary: 'Answers about the quote itself, sent with QUOTE_DISCLOSURE_CHANGE.',
  },
  {
    schemaName: 'PolicyholderDisclosureAnswers',
    brandTarget: 'profile',
    serverTarget: 'profile',
    changeTypes: ['PROFILE_DISCLOSURE_CHANGE'],
    code: `profileCode "${POLICYHOLDER_PROFILE_CODE}"`,
    summary: `Answers about the policyholder (main driver), sent with PROFILE_DISCLOSURE_CHANGE and profileCode "${POLICYHOLDER_PROFILE_CODE}".`,
  },
  {
    schemaName: 'CarDisclosureAnswers',
    brandTarget: 'asset',
    serverTarget: 'asset',
    changeTypes: ['ASSET_DISCLOSURE_CHANGE'],
    code: `assetCode "${CORE_ASSET_CODE}"`,
    summary: `Answers about the insured car, sent with ASSET_DISCLOSURE_CHANGE and assetCode "${CORE_ASSET_CODE}".`,
  },
  {
    schemaName: 'AdditionalDriverDisclosureAnswers',
    brandTarget: 'additionalProfile',
    serverTarget: 'profile',
    changeTypes: ['ADDITIONAL_PROFILE_CREATE_CHANGE', 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE'],
    code: 'profileCode chosen by the client when creating the driver (e.g. "d1")',
    summary:
      'Answers about an additional (named) driver: ADDITIONAL_PROFILE_CREATE_CHANGE with a new ' +
      'profileCode creates the driver (its `update` may carry answers already), then ' +
      'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE with that profileCode answers more.',
  },
];

/** The input definitions of a target across every scheme, each with the schemes that ask it. */
function collectDisclosureInputs(
  target: BrandTarget,
): { input: InputDefinition; schemeCodes: string[] }[] {
  const byName = new Map<string, { input: InputDefinition; schemeCodes: string[] }>();
  for (const schemeCode of schemeCodes()) {
    for (const input of brandOfScheme(schemeCode).getDisclosureInputs({ schemeCode, target })) {
      const known = byName.get(input.name);
      if (known) known.schemeCodes.push(schemeCode);
      else byName.set(input.name, { input, schemeCodes: [schemeCode] });
    }
  }
  return [...byName.values()];
}

// --- JSON schema of one answer ------------------------------------------------------------------

/** Drops `null` alternatives: null (or an omitted value) in an update clears the answer. */
function withoutNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      copy.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [
          name,
          withoutNull(child),
        ]),
      );
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      copy.items = withoutNull(value as JsonSchema);
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      copy[key] = (value as JsonSchema[])
        .filter((option) => option.type !== 'null')
        .map((option) => withoutNull(option));
    } else {
      copy[key] = value;
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = copy[key];
    if (options && options.length === 1) {
      delete copy[key];
      Object.assign(copy, options[0]);
    }
  }
  if (Array.isArray(copy.type)) {
    const types = copy.type.filter((type) => type !== 'null');
    copy.type = types.length === 1 ? types[0] : types;
  }
  return copy;
}

/** The server's answer schema (answers.ts) as JSON schema, inlined, as a client sends it. */
function serverAnswerSchema(target: DisclosureTarget, name: string): JsonSchema | null {
  const schema = findAnswerSchema(target, name);
  if (!schema) return null;
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    // A private registry: every shape inline (no $defs the OpenAPI document would not resolve).
    metadata: z.registry<{ id?: string }>(),
  }) as JsonSchema;
  return withoutNull(json);
}

/** The JSON type an input type answers with when the server has no schema of its own. */
function fallbackSchema(input: InputDefinition): JsonSchema {
  switch (input.type) {
    case 'numberText':
      return { type: 'number' };
    case 'checkbox':
    case 'eligibility':
    case 'promotion':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'dateTime':
      return { type: 'string', format: 'date-time' };
    case 'questionLoop':
      return { type: 'array', items: { type: 'object', properties: {} } };
    case 'radio':
    case 'select':
    case 'searchSelect': {
      const values = input.meta.options?.map((option) => option.value) ?? [];
      const types = [...new Set(values.map((value) => typeof value))];
      return types.length === 1 ? { type: types[0] === 'number' ? 'integer' : types[0] } : {};
    }
    default:
      return { type: 'string' };
  }
}

function describeBound(bound: unknown): string {
  const { field, offset } = (bound ?? {}) as { field?: string; offset?: string };
  const base = field ? `the answer ${field}` : 'today';
  return offset
    ? `${base} ${offset.startsWith('-') ? '−' : '+'} ${offset.replace(/^-/, '')}`
    : base;
}

const RULE_WORDS: Record<string, string> = {
  afterOrEqual: 'on or after',
  beforeOrEqual: 'on or before',
  after: 'after',
  before: 'before',
};

/** The rules of an input in words, with the message the API answers when one fails. */
function describeRules(input: InputDefinition): string[] {
  const rules: string[] = [];
  for (const [key, parameter] of Object.entries(input.validation)) {
    const rule = key.split('#')[0] ?? key;
    const message = input.messages[key];
    let text: string | null = null;
    if (rule in RULE_WORDS) text = `${RULE_WORDS[rule]} ${describeBound(parameter)}`;
    else if (rule === 'notMoreThanYearsSince') {
      text = `at most the whole years since ${describeBound(parameter)}`;
    } else if (rule === 'onlyAccept') text = `must be ${JSON.stringify(parameter)}`;
    else if (rule === 'minYear') text = `year ${String(parameter)} or later`;
    else if (rule === 'maxRows') text = `at most ${String(parameter)} rows`;
    else if (rule === 'countryIso3') text = `countryIso3 ${String(parameter)} only`;
    else if (rule === 'vrn') text = 'needs a registration number (vrn)';
    if (text) rules.push(message ? `${text} ("${message}")` : text);
  }
  return rules;
}

function describeCondition(condition: Condition): string | null {
  switch (condition.kind) {
    case 'input': {
      const subject = `${condition.name}`;
      if (condition.isDefined !== undefined) {
        return `${subject} is ${condition.isDefined === !condition.not ? 'known' : 'not known'}`;
      }
      const values = (condition.values ?? []).map((value) => JSON.stringify(value)).join(', ');
      return `${subject} is ${condition.not ? 'not ' : ''}one of ${values}`;
    }
    case 'schemeCode':
      return null;
    default:
      return null;
  }
}

const TEXT_TYPES = new Set(['text', 'maskedText', 'name', 'dataEntrySearch', 'phoneNumber']);

/** Sets `key` on the schema, or on the alternative of an anyOf that holds a plain value. */
function setOnValue(schema: JsonSchema, key: string, value: unknown): void {
  const alternatives = schema.anyOf ?? schema.oneOf;
  const target =
    alternatives?.find((option) => option.type !== 'object' && option.type !== 'array') ?? schema;
  target[key] = value;
}

type AskedBy = {
  schemeCodes: string[];
  allSchemes: string[];
  /** Answer name → the missingInformation entries it answers. */
  neededToRate: Map<string, MissingInformationAnswer[]>;
};

/** What a type's `required` rule needs (validate-inputs.ts isMissing), and its formats. */
function describeTypeRules(schema: JsonSchema, input: InputDefinition): string | null {
  if (input.type === 'vehicleTabs') {
    schema.required = ['regLookup', 'specification'];
    const specification = schema.properties?.specification;
    if (specification) specification.required = ['vehicleCode'];
    schema['x-registration-formats'] =
      deploymentBrand().formFormats.vehicleRegistration.completeFormats;
    return (
      'The car, from the catalogue: find it by registration (GET /api/lookup/vehicles/{vrn}) and ' +
      'send { vrn, regLookup: true, specification: { vehicleCode } } (the car is then looked up ' +
      'by vrn), or choose it by make, model and trim (GET /api/lookup/vehicles/makes, /models, ' +
      '/specifications) and send { regLookup: false, specification: { vehicleCode } }. ' +
      'specification.vehicleCode and regLookup are needed. The rest of the specification ' +
      '(insurance group, value, year, steering) always comes from the catalogue. A vrn sent with ' +
      'a car chosen by make and model is looked up too: a plate known as another car makes that ' +
      'car the answer (with lookupNotice saying so), an unknown one refers the quote ' +
      '(REGISTRATION_NOT_FOUND). A registration ' +
      `(UK, not starting with Q, spaces ignored) matches one of x-registration-formats.`
    );
  }
  if (input.type === 'address') {
    schema.required = ['line1', 'postalCode'];
    const postalCode = schema.properties?.postalCode;
    const postcodeRegex = deploymentBrand().formFormats.postalCode?.regex;
    if (postalCode && postcodeRegex) {
      postalCode.pattern = postcodeRegex;
      postalCode.description = 'UK postcode, upper-case, optional single space (SW1A 2AA).';
    }
    return (
      'A UK address (find one with GET /api/lookup/addresses?postcode=... and ' +
      'GET /api/lookup/addresses/{id}); line1 and postalCode are needed.'
    );
  }
  if (input.type === 'phoneNumber') {
    return `A UK phone number in international form (${deploymentBrand().formFormats.phoneNumber.prefix} then the national number without its 0).`;
  }
  if (input.type === 'yearMonth') return 'Year and month as YYYY-MM.';
  if (input.type === 'date') return 'A calendar date as YYYY-MM-DD.';
  if (input.type === 'questionLoop') {
    return 'A list, one item per row ([] when there are none); items as below.';
  }
  return null;
}

/** The JSON schema of one answer: the server's shape with the brand's options and rules on it. */
function overlayInput(schema: JsonSchema, input: InputDefinition, askedBy: AskedBy): JsonSchema {
  const options = input.meta.options;
  if (options && input.type !== 'marketingPreferences') {
    setOnValue(
      schema,
      'enum',
      options.map((option) => option.value),
    );
  }
  const rules = input.validation;
  if (input.type === 'numberText') {
    if (typeof rules.greaterThanOrEqual === 'number')
      setOnValue(schema, 'minimum', rules.greaterThanOrEqual);
    if (typeof rules.lessThanOrEqual === 'number')
      setOnValue(schema, 'maximum', rules.lessThanOrEqual);
  }
  if (TEXT_TYPES.has(input.type)) {
    if (typeof rules.minLength === 'number') setOnValue(schema, 'minLength', rules.minLength);
    if (typeof rules.maxLength === 'number') setOnValue(schema, 'maxLength', rules.maxLength);
    if (typeof rules.regExp === 'string') setOnValue(schema, 'pattern', rules.regExp);
  }
  if (input.type === 'date' && !schema.format) schema.format = 'date';
  if (input.type === 'questionLoop' && typeof rules.maxRows === 'number') {
    schema.maxItems = rules.maxRows;
  }

  const words: string[] = [];
  const label = input.meta.label ?? null;
  if (label) words.push(label + '.');
  if (input.meta.hint) words.push(input.meta.hint);
  const typeWords = describeTypeRules(schema, input);
  if (typeWords) words.push(typeWords);
  const onlyFor = askedBy.schemeCodes.length < askedBy.allSchemes.length;
  if (onlyFor) {
    const names = askedBy.schemeCodes.map((code) => {
      const { schemes } = brandOfScheme(code).config;
      const scheme = schemes.find((candidate) => candidate.schemeCode === code);
      return scheme ? `${scheme.urlName} (${code})` : code;
    });
    words.push(`Asked only by the ${names.join(' and ')} scheme.`);
  }
  const conditions = (input.conditional?.conditions ?? [])
    .map(describeCondition)
    .filter((text): text is string => text !== null);
  if (conditions.length > 0) {
    const joiner = input.conditional?.operator === 'some' ? ' or ' : ' and ';
    words.push(`Asked only when ${conditions.join(joiner)}.`);
  }
  if (rules.required === true) words.push('Required when asked.');
  const answers = askedBy.neededToRate.get(input.name) ?? [];
  if (answers.length > 0) {
    const notes = [...new Set(answers.map((entry) => entry.note).filter(Boolean))];
    words.push(
      `Needed to rate (get a price): answers missingInformation ${answers.map((entry) => entry.name).join(', ')}.`,
      ...(notes as string[]),
    );
  }
  const ruleWords = describeRules(input);
  if (ruleWords.length > 0) words.push(`Rules: ${ruleWords.join('; ')}.`);
  if (input.meta.lookupTable) {
    words.push(
      `A code of the ${input.meta.lookupTable} lookup table (GET /api/lookup/data/${input.meta.lookupTable}?q=...), or its { code, name } entry.`,
    );
  }
  if (words.length > 0) schema.description = words.join(' ');

  schema['x-input-type'] = input.type;
  if (rules.required === true) schema['x-required'] = true;
  if (answers.length > 0) schema['x-needed-to-rate'] = true;
  if (onlyFor) schema['x-schemes'] = askedBy.schemeCodes;
  if (input.conditional) schema['x-conditional'] = input.conditional.conditions;
  if (input.meta.lookupTable) schema['x-lookup-table'] = input.meta.lookupTable;
  return schema;
}

/** The object schema holding `path` (creating it), following properties, items and anyOf. */
function objectAt(root: JsonSchema, path: string[]): JsonSchema {
  let node = root;
  for (const segment of path) {
    const properties = (node.properties ??= {});
    const child = (properties[segment] ??= { type: 'object', properties: {} });
    node = child.type === 'array' && child.items ? child.items : child;
  }
  return node;
}

function loopItemsSchema(schema: JsonSchema): JsonSchema {
  if (!schema.items) schema.items = { type: 'object', properties: {} };
  return schema.items;
}

function addInput(options: {
  root: JsonSchema;
  input: InputDefinition;
  serverTarget: DisclosureTarget;
  askedBy: AskedBy;
  /** A loop row's input: its shape is already in the loop's items (from the server). */
  isRow?: boolean;
}): void {
  const { root, input, serverTarget, askedBy } = options;
  const segments = input.name.split('.');
  const leaf = segments.at(-1) ?? input.name;
  const container = objectAt(root, segments.slice(0, -1));
  const properties = (container.properties ??= {});
  const fromServer =
    segments.length === 1 && !options.isRow
      ? serverAnswerSchema(serverTarget, leaf)
      : (properties[leaf] ?? null);
  const schema = structuredClone(fromServer ?? fallbackSchema(input));
  properties[leaf] = overlayInput(schema, input, askedBy);
  if (input.inputs) {
    const items = loopItemsSchema(properties[leaf]);
    for (const row of input.inputs) {
      addInput({
        root: items,
        input: row,
        serverTarget,
        askedBy: { ...askedBy, schemeCodes: askedBy.allSchemes, neededToRate: new Map() },
        isRow: true,
      });
    }
  }
}

/** components.schemas entry of one disclosure target. */
function buildDisclosureAnswersSchema(
  doc: DisclosureAnswersDoc,
  missing: readonly MissingInformationAnswer[] = listMissingInformationAnswers(),
): JsonSchema {
  const allSchemes = schemeCodes();
  const neededToRate = new Map<string, MissingInformationAnswer[]>();
  for (const entry of missing) {
    if (entry.schemaName !== doc.schemaName) continue;
    neededToRate.set(entry.answer, [...(neededToRate.get(entry.answer) ?? []), entry]);
  }
  const root: JsonSchema = { type: 'object', properties: {} };
  for (const { input, schemeCodes: askedBy } of collectDisclosureInputs(doc.brandTarget)) {
    const segments = input.name.split('.');
    if (segments.length > 1) {
      // A nested answer (drivingLicence.validFrom): the enclosing object is the server's answer.
      const [top = input.name] = segments;
      const properties = (root.properties ??= {});
      properties[top] ??= {
        ...(serverAnswerSchema(doc.serverTarget, top) ?? { type: 'object', properties: {} }),
        description: `An object holding the ${top}.* answers below; send it whole, or one answer at a time with path "data.${top}.<name>".`,
      };
    }
    addInput({
      root,
      input,
      serverTarget: doc.serverTarget,
      askedBy: { schemeCodes: askedBy, allSchemes, neededToRate },
    });
  }
  const needed = [...neededToRate.keys()].sort();
  root.description =
    `${doc.summary} One property per question (spec 2 §3). Each answer is one item of the ` +
    'change\'s `update`: { path: "data.<name>", attribute: "<name>", value } (for a nested ' +
    'answer such as drivingLicence.validFrom: path "data.drivingLicence.validFrom", attribute ' +
    '"validFrom"; or send the whole drivingLicence object). A null value for a whole answer ' +
    '(path "data.<name>") clears it. ' +
    'Answers may be sent in any order and over several requests; an invalid one answers 400 ' +
    'with details.fields and nothing is saved. ' +
    (needed.length > 0
      ? `Needed to rate: ${needed.join(', ')} (see x-needed-to-rate). `
      : 'Needed to rate: none of these; see quote.missingInformation. ') +
    'x-required marks what the questions require when asked (x-conditional says when).';
  root['x-change-types'] = doc.changeTypes;
  root['x-needed-to-rate'] = needed;
  return root;
}

// --- The document ---------------------------------------------------------------------------

/** The worked example: every change a new flex proposal needs to reach QUOTE (the tests' own). */
function buildWorkedExample() {
  return { changes: buildCompleteDisclosure(), applyRating: true };
}

/** Added to the route's own description (routes.ts). */
const PATCH_DESCRIPTION_ANSWERS =
  'Which change carries which answers: QUOTE_DISCLOSURE_CHANGE (QuoteDisclosureAnswers); ' +
  'ASSET_DISCLOSURE_CHANGE with assetCode "car" (CarDisclosureAnswers); ' +
  'PROFILE_DISCLOSURE_CHANGE with profileCode "ph", the policyholder ' +
  '(PolicyholderDisclosureAnswers); ADDITIONAL_PROFILE_CREATE_CHANGE with a new profileCode, ' +
  'then ADDITIONAL_PROFILE_DISCLOSURE_CHANGE with it (AdditionalDriverDisclosureAnswers). ' +
  'Each answer is one update item: path "data.<name>", attribute "<name>", value the answer, ' +
  'e.g. { path: "data.annualMileage", attribute: "annualMileage", value: 8000 }; a nested ' +
  'answer is { path: "data.drivingLicence.validFrom", attribute: "validFrom", value: ' +
  '"2004-07-01" } (or the whole drivingLicence object at once). Those components.schemas give ' +
  "every answer's JSON type, enumeration, format and rules, when it is asked, and which are " +
  'needed to rate (x-needed-to-rate). While the proposal is INSUFFICIENT_ACCURACY, ' +
  'quote.missingInformation lists what rating still needs; the table below says which change ' +
  'answers each name. The example request body takes a new flex proposal to QUOTE in one call.';

type OpenApiDocument = {
  components?: { schemas?: Record<string, JsonSchema> };
  paths?: Record<string, Record<string, Record<string, unknown>>>;
};

const UPDATE_PROPOSAL_PATH = '/api/proposals/{code}';

/**
 * Adds the disclosure answers to an OpenAPI document: the answer schemas, the PATCH operation's
 * description and worked example, and the missingInformation → change table.
 */
export function describeDisclosures<T extends object>(document: T): T {
  const doc = document as OpenApiDocument;
  const schemas = ((doc.components ??= {}).schemas ??= {});
  const missing = listMissingInformationAnswers();
  for (const answers of DISCLOSURE_ANSWER_DOCS) {
    schemas[answers.schemaName] = buildDisclosureAnswersSchema(answers, missing);
  }
  const table = describeMissingInformation(missing);
  for (const name of ['ProposalQuote', 'ProposalQuoteInput']) {
    const property = schemas[name]?.properties?.missingInformation;
    if (property) {
      property.description =
        "Answers rating still needs, as paths ('mainDriver.dateOfBirth'); empty once rated.\n\n" +
        table;
      property['x-answered-by'] = missing;
    }
  }
  const operation = doc.paths?.[UPDATE_PROPOSAL_PATH]?.patch;
  if (operation) {
    const own = typeof operation.description === 'string' ? `${operation.description}\n\n` : '';
    operation.description = `${own}${PATCH_DESCRIPTION_ANSWERS}\n\n${table}`;
    const requestBody = operation.requestBody as
      { content?: Record<string, Record<string, unknown>> } | undefined;
    const media = requestBody?.content?.['application/json'];
    if (media) media.example = buildWorkedExample();
  }
  return document;
}
