import type { RegistrationFormatConfig } from './registration';
import type { Condition, Conditional, InputDefinition } from './input-definition';
import type { ValidationMessages } from './validation-messages';
import { getValueAtPath, isEmptyValue, isSameAnswer, removeValueAtPath } from './form-values';
import type { FormValues } from './form-values';

/** Formats the engine validates against (brand configuration supplies them). */
export type FormFormats = {
  phoneNumber: { prefix: string; regex: string };
  vehicleRegistration: RegistrationFormatConfig;
  postalCode?: { regex: string };
};

/**
 * Who is filling in the form, and where. `related` holds other disclosures that cross-field
 * rules may name (e.g. { profile: {...} } for 'profile.dateOfBirth' from an asset input).
 */
export type FormContext = {
  now: Date;
  isAdmin?: boolean;
  isAnonymous?: boolean;
  isPolicy?: boolean;
  schemeCode?: string | null;
  permissions?: readonly string[];
  features?: Readonly<Record<string, boolean | undefined>>;
  formats?: FormFormats;
  related?: FormValues;
  /** Overrides of defaults.validation.{type}.{rule}. */
  defaults?: { validation?: ValidationMessages };
};

/** A form as a whole: its inputs, the answers given and who is filling it in. */
export type FilledForm = {
  inputs: readonly InputDefinition[];
  values: FormValues;
  context: FormContext;
};

/** Where an answer named by a condition or a cross-field rule is looked up. */
export type ValueScope = { values: FormValues; row?: FormValues; context: FormContext };

/** Looks a dot path up in the loop row, then the form values, then context.related. */
export function resolveFieldValue(path: string, scope: ValueScope): unknown {
  const fromRow = scope.row ? getValueAtPath(scope.row, path) : undefined;
  if (fromRow !== undefined) return fromRow;
  const fromValues = getValueAtPath(scope.values, path);
  if (fromValues !== undefined) return fromValues;
  return scope.context.related ? getValueAtPath(scope.context.related, path) : undefined;
}

/** Evaluates one condition (spec 3 §5 kinds). */
export function evaluateCondition(condition: Condition, scope: ValueScope): boolean {
  const { context } = scope;
  switch (condition.kind) {
    case 'input': {
      const value = resolveFieldValue(condition.name, scope);
      let met = true;
      if (condition.isDefined !== undefined) met &&= !isEmptyValue(value) === condition.isDefined;
      if (condition.values !== undefined) {
        const candidates = Array.isArray(value) ? value : [value];
        met &&= condition.values.some((expected) =>
          candidates.some((candidate) => isSameAnswer(candidate, expected)),
        );
      }
      if (condition.isDefined === undefined && condition.values === undefined) {
        met = !isEmptyValue(value);
      }
      return condition.not ? !met : met;
    }
    case 'featureToggle': {
      const state =
        condition.name === 'isAdmin'
          ? Boolean(context.isAdmin)
          : context.features?.[condition.name] === true;
      return state === (condition.enabled ?? true);
    }
    case 'anonymous':
      return Boolean(context.isAnonymous) === condition.isAnonymousOnly;
    case 'policy':
      return Boolean(context.isPolicy) === condition.isPolicy;
    case 'schemeCode':
      return context.schemeCode != null && condition.schemeCodes.includes(context.schemeCode);
    case 'admin':
      return Boolean(context.isAdmin) === condition.isAdmin;
    case 'adminPermission': {
      if (!context.isAdmin) return condition.default;
      const held = new Set(context.permissions ?? []);
      return (
        (condition.hasPermissions ?? []).every((permission) => held.has(permission)) &&
        !(condition.notHasPermissions ?? []).some((permission) => held.has(permission))
      );
    }
  }
}

/** Combines a conditional's conditions with every/some, then applies `not`. No conditions: met. */
export function isConditionalMet(conditional: Conditional, scope: ValueScope): boolean {
  const results = conditional.conditions.map((condition) => evaluateCondition(condition, scope));
  const met =
    results.length === 0 ||
    (conditional.operator === 'some' ? results.some(Boolean) : results.every(Boolean));
  return conditional.not ? !met : met;
}

type InputScope = {
  input: InputDefinition;
  values: FormValues;
  row?: FormValues;
  context: FormContext;
};

/** Tells whether an input is shown: not hidden and its conditional (if any) met. */
export function isInputVisible({ input, values, row, context }: InputScope): boolean {
  const scope = { values, row, context };
  const hidden =
    typeof input.hidden === 'boolean' ? input.hidden : isConditionalMet(input.hidden, scope);
  if (hidden) return false;
  return input.conditional ? isConditionalMet(input.conditional, scope) : true;
}

/** Tells whether an input is read-only (true, or its readOnly conditional is met). */
export function isInputReadOnly({ input, values, row, context }: InputScope): boolean {
  return typeof input.readOnly === 'boolean'
    ? input.readOnly
    : isConditionalMet(input.readOnly, { values, row, context });
}

/** Tells whether an input is applicable: its conditional met (hidden inputs still apply). */
export function isInputApplicable({ input, values, row, context }: InputScope): boolean {
  return input.conditional ? isConditionalMet(input.conditional, { values, row, context }) : true;
}

/**
 * Removes the answers of inputs whose conditional is not met, unless the conditional says
 * `preserve` (spec 3 §5). Returns a new values object.
 */
export function clearInapplicableValues({ inputs, values, context }: FilledForm): FormValues {
  let result = values;
  for (const input of inputs) {
    if (!input.conditional || input.conditional.preserve) continue;
    if (!isInputApplicable({ input, values: result, context })) {
      result = removeValueAtPath(result, input.name);
    }
  }
  return result;
}
