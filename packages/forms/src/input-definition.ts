import { z } from 'zod';
import { CONDITION_OPERATORS, LookupTableSchema } from '@motor/domain';
import { isSignedDuration } from './calendar-dates';

// Config-driven inputs (spec 3 §5 "Dynamic forms", spec 1 §5 generic rules). The definitions are
// data: the browser renders and validates them, the API validates the same answers with them.

/** Every input type the engine knows; each has its own rule set (RULES_BY_TYPE). */
export const INPUT_TYPES = [
  'text',
  'maskedText',
  'name',
  'email',
  'phoneNumber',
  'numberText',
  'date',
  'dateTime',
  'datePicker',
  'yearMonth',
  'checkbox',
  'promotion',
  'eligibility',
  'radio',
  'select',
  'searchSelect',
  'dataEntrySearch',
  'lookup',
  'address',
  'vehicleRegistration',
  'vehicleTabs',
  'marketingPreferences',
  'questionLoop',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];
export const InputTypeSchema = z.enum(INPUT_TYPES);

/** The source of a regular expression, refused when it does not compile. */
export const RegExpSourceSchema = z.string().refine((source) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}, 'Invalid regular expression');

/** A signed ISO 8601 duration added to a date: 'P16Y', '-P125Y', 'P0D'. */
export const SignedDurationSchema = z
  .string()
  .refine(isSignedDuration, 'Expected a signed ISO 8601 duration such as -P5Y');

/**
 * A date bound: today, or another answer (`field`, a dot path; looked up in the loop row, then the
 * form's values, then context.related), plus an optional signed `offset`. `unit` compares whole
 * days or calendar months (defaults: day for date, month for yearMonth and for datePicker fields).
 */
export const DateBoundSchema = z.strictObject({
  field: z.string().min(1).optional(),
  offset: SignedDurationSchema.optional(),
  unit: z.enum(['day', 'month']).optional(),
});
export type DateBound = z.infer<typeof DateBoundSchema>;

/** Numeric answer at most the whole years since another date answer plus an offset (NCD checks). */
export const YearsSinceSchema = z.strictObject({
  field: z.string().min(1),
  offset: SignedDurationSchema.optional(),
});
export type YearsSince = z.infer<typeof YearsSinceSchema>;

const Required = z.boolean();
const OnlyAccept = z.union([z.boolean(), z.string(), z.number()]);
const Length = z.number().int().nonnegative();
const NumberBound = z.number();
const Year = z.number().int().min(1000).max(9999);

const TEXT_RULES = {
  required: Required,
  regExp: RegExpSourceSchema,
  minLength: Length,
  maxLength: Length,
};
const ACCEPT_RULES = { required: Required, onlyAccept: OnlyAccept };
const DATE_RULES = {
  required: Required,
  afterOrEqual: DateBoundSchema,
  beforeOrEqual: DateBoundSchema,
  after: DateBoundSchema,
  before: DateBoundSchema,
};
const MONTH_RULES = {
  required: Required,
  minYear: Year,
  afterOrEqual: DateBoundSchema,
  beforeOrEqual: DateBoundSchema,
};
const CHOICE_RULES = {
  required: Required,
  notMoreThanYearsSince: YearsSinceSchema,
};

/**
 * The rule names each input type accepts, with the schema of the rule's parameter. A rule name
 * not listed for the type is a configuration error (spec 1 §5).
 */
export const RULES_BY_TYPE = {
  text: TEXT_RULES,
  maskedText: TEXT_RULES,
  name: { required: Required, minLength: Length, maxLength: Length },
  email: { required: Required, pattern: RegExpSourceSchema },
  phoneNumber: { required: Required, regExp: RegExpSourceSchema },
  numberText: {
    required: Required,
    greaterThanOrEqual: NumberBound,
    lessThanOrEqual: NumberBound,
    notMoreThanYearsSince: YearsSinceSchema,
  },
  date: DATE_RULES,
  dateTime: DATE_RULES,
  datePicker: MONTH_RULES,
  yearMonth: MONTH_RULES,
  checkbox: ACCEPT_RULES,
  promotion: ACCEPT_RULES,
  eligibility: ACCEPT_RULES,
  radio: CHOICE_RULES,
  select: CHOICE_RULES,
  searchSelect: CHOICE_RULES,
  dataEntrySearch: TEXT_RULES,
  lookup: { required: Required },
  address: { required: Required, countryIso3: z.string().length(3) },
  vehicleRegistration: { required: Required },
  vehicleTabs: { required: Required, vrn: Required },
  marketingPreferences: { required: Required },
  questionLoop: { required: Required, maxRows: z.number().int().positive() },
} satisfies Record<InputType, Record<string, z.ZodType>>;

/**
 * The rule of a validation key: a key may carry a '#label' suffix to apply the same rule twice
 * with its own message ('beforeOrEqual#age17').
 */
export function getRuleName(key: string): string {
  const hash = key.indexOf('#');
  return hash === -1 ? key : key.slice(0, hash);
}

/** A rule name of any input type. */
export type RuleName = {
  [Type in InputType]: keyof (typeof RULES_BY_TYPE)[Type];
}[InputType];

/** One option of a radio, select or search-select input. */
export const InputOptionSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]),
  text: z.string(),
});
export type InputOption = z.infer<typeof InputOptionSchema>;

/** Condition on another answer: defined or not, and/or one of `values`; `not` inverts it. */
export const InputConditionSchema = z.strictObject({
  kind: z.literal('input'),
  name: z.string().min(1),
  isDefined: z.boolean().optional(),
  values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  not: z.boolean().optional(),
});

/** Condition on a feature toggle: met when the toggle's state equals `enabled` (default true). */
export const FeatureToggleConditionSchema = z.strictObject({
  kind: z.literal('featureToggle'),
  name: z.string().min(1),
  enabled: z.boolean().optional(),
});

/** isAnonymousOnly true: only anonymous visitors; false: only signed-in users. */
export const AnonymousConditionSchema = z.strictObject({
  kind: z.literal('anonymous'),
  isAnonymousOnly: z.boolean(),
});

/** Met when the form is (isPolicy true) or is not (false) about a policy. */
export const PolicyConditionSchema = z.strictObject({
  kind: z.literal('policy'),
  isPolicy: z.boolean(),
});

/** Met when the scheme is one of `schemeCodes`. */
export const SchemeCodeConditionSchema = z.strictObject({
  kind: z.literal('schemeCode'),
  schemeCodes: z.array(z.string().min(1)).min(1),
});

/** Met when the user is (isAdmin true) or is not (false) an admin. */
export const AdminConditionSchema = z.strictObject({
  kind: z.literal('admin'),
  isAdmin: z.boolean(),
});

/** For admins: holds every `hasPermissions` and none of `notHasPermissions`; non-admins get `default`. */
export const AdminPermissionConditionSchema = z.strictObject({
  kind: z.literal('adminPermission'),
  hasPermissions: z.array(z.string().min(1)).optional(),
  notHasPermissions: z.array(z.string().min(1)).optional(),
  default: z.boolean(),
});

/** One condition of an input's `conditional` (kinds of spec 3 §5). */
export const ConditionSchema = z.discriminatedUnion('kind', [
  InputConditionSchema,
  FeatureToggleConditionSchema,
  AnonymousConditionSchema,
  PolicyConditionSchema,
  SchemeCodeConditionSchema,
  AdminConditionSchema,
  AdminPermissionConditionSchema,
]);
export type Condition = z.infer<typeof ConditionSchema>;

/**
 * Conditions combined by `operator` (every or some), inverted by `not`. On `conditional`,
 * `preserve` keeps the answer while the input is hidden (otherwise it is cleared).
 */
export const ConditionalSchema = z.strictObject({
  conditions: z.array(ConditionSchema),
  operator: z.enum(CONDITION_OPERATORS).default('every'),
  not: z.boolean().default(false),
  preserve: z.boolean().default(false),
});
export type Conditional = z.infer<typeof ConditionalSchema>;
export type ConditionalInput = z.input<typeof ConditionalSchema>;

/** Presentation and lookup settings; unknown keys are kept for renderers. */
export const InputMetaSchema = z.looseObject({
  label: z.string().optional(),
  hint: z.string().optional(),
  helpLink: z.string().optional(),
  options: z.array(InputOptionSchema).optional(),
  /** Lookup table a data-entry search or search-select reads from. */
  lookupTable: LookupTableSchema.optional(),
  /** Characters typed before a lookup search runs. */
  minSearchLength: z.number().int().positive().optional(),
  /** Loop rows: the sub-input names shown in the summary of each row. */
  summaryFields: z.array(z.string()).optional(),
  /** Address: an admin may override it on a policy. */
  overridable: z.boolean().optional(),
  defaultValue: z.unknown().optional(),
  /** Month picker and date picker look-ahead. */
  monthsAhead: z.number().int().nonnegative().optional(),
  daysInFuture: z.number().int().nonnegative().optional(),
  earliestYear: z.number().int().optional(),
  maxLength: z.number().int().positive().optional(),
  mask: z.string().optional(),
});
export type InputMeta = z.infer<typeof InputMetaSchema>;

const InputDefinitionBaseSchema = z.strictObject({
  /** The answer's dot path in the form values, e.g. 'drivingLicence.validFrom'. */
  name: z.string().regex(/^[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)*$/, 'Expected a dot path of names'),
  type: InputTypeSchema,
  /** Rule name → parameter; checked against RULES_BY_TYPE when parsed. */
  validation: z.record(z.string(), z.unknown()).default({}),
  /** Error text per rule name; falls back to defaults.validation.{type}.{rule}. */
  messages: z.record(z.string(), z.string()).default({}),
  meta: InputMetaSchema.default({}),
  /** true, or read-only while the conditional is met. */
  readOnly: z.union([z.boolean(), ConditionalSchema]).default(false),
  /** true, or hidden while the conditional is met (a hidden answer is kept). */
  hidden: z.union([z.boolean(), ConditionalSchema]).default(false),
  /** Shown (and validated) only while met; cleared when not met unless `preserve`. */
  conditional: ConditionalSchema.optional(),
});

/** A parsed input definition; a questionLoop carries its row inputs in `inputs`. */
export type InputDefinition = z.infer<typeof InputDefinitionBaseSchema> & {
  inputs?: InputDefinition[];
};
/** An input definition as written in configuration (defaults not yet applied). */
export type InputDefinitionInput = z.input<typeof InputDefinitionBaseSchema> & {
  inputs?: InputDefinitionInput[];
};

/** Checks the rule names and parameters of one definition against its type. */
function checkDefinition(input: InputDefinition, ctx: z.core.$RefinementCtx<InputDefinition>) {
  const rules: Record<string, z.ZodType> = RULES_BY_TYPE[input.type];
  for (const [ruleKey, param] of Object.entries(input.validation)) {
    const ruleName = getRuleName(ruleKey);
    const paramSchema = Object.hasOwn(rules, ruleName) ? rules[ruleName] : undefined;
    if (!paramSchema) {
      ctx.addIssue({
        code: 'custom',
        path: ['validation', ruleKey],
        message: `Unknown validation rule "${ruleName}" for input "${input.name}" of type ${input.type}`,
      });
      continue;
    }
    const result = paramSchema.safeParse(param);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['validation', ruleKey],
        message: `Invalid parameter of rule "${ruleName}" for input "${input.name}": ${result.error.issues[0]?.message ?? ''}`,
      });
    }
  }
  if (input.type === 'questionLoop' && (!input.inputs || input.inputs.length === 0)) {
    ctx.addIssue({
      code: 'custom',
      path: ['inputs'],
      message: `Question loop "${input.name}" has no inputs`,
    });
  }
  if (input.type !== 'questionLoop' && input.inputs) {
    ctx.addIssue({
      code: 'custom',
      path: ['inputs'],
      message: `Only a questionLoop has inputs ("${input.name}")`,
    });
  }
  for (const name of findDuplicateNames(input.inputs ?? [])) {
    ctx.addIssue({ code: 'custom', path: ['inputs'], message: `Duplicate input name "${name}"` });
  }
}

function findDuplicateNames(inputs: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const input of inputs) {
    if (seen.has(input.name)) duplicates.push(input.name);
    seen.add(input.name);
  }
  return duplicates;
}

/** Schema of one input definition; unknown rule names and bad parameters fail the parse. */
export const InputDefinitionSchema: z.ZodType<InputDefinition, InputDefinitionInput> =
  InputDefinitionBaseSchema.extend({
    inputs: z.lazy(() => z.array(InputDefinitionSchema)).optional(),
  }).superRefine(checkDefinition);

/** Schema of a list of input definitions with unique names. */
export const InputDefinitionsSchema = z.array(InputDefinitionSchema).superRefine((inputs, ctx) => {
  for (const name of findDuplicateNames(inputs)) {
    ctx.addIssue({ code: 'custom', message: `Duplicate input name "${name}"` });
  }
});

/** Thrown when form configuration is invalid (unknown rule name, bad parameter, ...). */
export class InputConfigError extends Error {
  override name = 'InputConfigError';
}

/**
 * Parses input definitions from configuration, throwing an InputConfigError that lists every
 * problem (e.g. 'Unknown validation rule "foo" for input "firstName" of type name').
 */
export function parseInputDefinitions(config: unknown, source = 'inputs'): InputDefinition[] {
  const result = InputDefinitionsSchema.safeParse(config);
  if (!result.success) {
    throw new InputConfigError(
      `Invalid input configuration (${source}):\n${z.prettifyError(result.error)}`,
    );
  }
  return result.data;
}

/** Parses one input definition (see parseInputDefinitions). */
export function parseInputDefinition(config: unknown): InputDefinition {
  const [input] = parseInputDefinitions([config], 'input');
  if (!input) throw new InputConfigError('Invalid input configuration: empty');
  return input;
}

/** Writes a definition in configuration with type checking (defaults applied at parse). */
export function defineInput(input: InputDefinitionInput): InputDefinitionInput {
  return input;
}
