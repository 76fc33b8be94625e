import type { DisclosureTarget as FormName } from '@motor/brand-kit';
import type { FormValidationResponse } from '@motor/contract';
import {
  getValueAtPath,
  isInputReadOnly,
  isInputVisible,
  validateInputs,
  type FormValues,
  type InputDefinition,
} from '@motor/forms';
import { brandOfScheme } from '../brand';
import type { DisclosureTarget } from './answers';
import { checkServerAnswer, type AnswerLookups } from './changes';

// Server validation of one disclosure form (spec 3 §5 "Dynamic forms": a section calls a server
// validation; §7 validateForm). The same checks a saved change gets (changes.ts): the brand's
// input definitions through the form engine — the browser runs the very same, so the messages
// are the ones the form shows — then the server's own checks of each answer. Stores nothing.

/** Where each form's answers are stored, for the server's answer schemas (none: no schema). */
const ANSWER_TARGETS: Record<FormName, DisclosureTarget | null> = {
  quote: 'quote',
  asset: 'asset',
  profile: 'profile',
  additionalProfile: 'profile',
  startDate: null,
  voluntaryExcess: null,
};

/** Whether `form` names one of a product's disclosure forms. */
export function isDisclosureFormName(form: string): form is FormName {
  return Object.hasOwn(ANSWER_TARGETS, form);
}

/** Who fills the form in: decides which inputs show and which are read-only. */
type FormCaller = {
  isAdmin: boolean;
  isAnonymous: boolean;
  permissions: readonly string[];
};

/** The input an answer's path belongs to: the most specific input it is or lies under. */
function findOwningInput(
  inputs: readonly InputDefinition[],
  path: string,
): InputDefinition | undefined {
  return inputs
    .filter((input) => path === input.name || path.startsWith(`${input.name}.`))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

/**
 * Validates the answers of one form of a scheme. Read-only inputs (on a policy: name, date of
 * birth, NCD, the car, claims, by who is asking) are skipped, as the form does not let them
 * change; hidden and conditional-off inputs are skipped as in the browser. Errors are keyed by
 * the input's name (a question-loop row's field as `loop.index.field`), in the form's order.
 */
export async function validateDisclosureForm(options: {
  schemeCode: string;
  form: FormName;
  data: FormValues;
  related: FormValues;
  isPolicy: boolean;
  caller: FormCaller;
  lookups: AnswerLookups;
}): Promise<FormValidationResponse> {
  const { schemeCode, form, data, related, isPolicy, caller, lookups } = options;
  const brand = brandOfScheme(schemeCode);
  const context = brand.createFormContext({
    now: lookups.now,
    schemeCode,
    isPolicy,
    isAdmin: caller.isAdmin,
    isAnonymous: caller.isAnonymous,
    permissions: caller.permissions,
    related,
  });
  const editable = brand
    .getDisclosureInputs({ schemeCode, target: form })
    .filter((input) => !isInputReadOnly({ input, values: data, context }));
  const errors: FormValidationResponse['errors'] = Object.entries(
    validateInputs({ inputs: editable, values: data, context }).errors,
  ).map(([path, message]) => ({ path, message }));

  const target = ANSWER_TARGETS[form];
  if (target) {
    const shown = editable.filter((input) => isInputVisible({ input, values: data, context }));
    const names = [...new Set(shown.map((input) => input.name.split('.')[0]!))];
    for (const name of names) {
      const value = getValueAtPath(data, name);
      const ruled = errors.some(({ path }) => path === name || path.startsWith(`${name}.`));
      // An answer not given is the brand rules' to judge (required or not), as when saving.
      if (ruled || value === undefined || value === null) continue;
      const checked = await checkServerAnswer({ target, name, value, lookups });
      if (!('error' in checked)) continue;
      const path = [name, ...checked.error.path].join('.');
      errors.push({
        path: findOwningInput(shown, path)?.name ?? name,
        message: checked.error.message,
      });
    }
  }
  const order = (path: string) => {
    const owner = findOwningInput(editable, path);
    return owner ? editable.indexOf(owner) : editable.length;
  };
  errors.sort((a, b) => order(a.path) - order(b.path));
  return { success: errors.length === 0, errors };
}
