import { useEffect, useMemo, useState } from 'react';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clearInapplicableValues,
  getValueAtPath,
  isEmptyValue,
  isInputApplicable,
  isInputReadOnly,
  isInputVisible,
  setValueAtPath,
  validateInputValue,
} from '@motor/forms';
import type { FormContext, FormValues, InputDefinition } from '@motor/forms';
import { Button } from '../ui/button';
import { helpPageUrl } from '../ui/help-link';
import { ChatAction } from '../ui/chat-action';
import { Modal } from '../ui/modal';
import { ErrorBar, showField } from './error-bar';
import { useInputCopy } from './form-copy';
import { FormInput } from './form-input';

/** What the info modal of a read-only input says. */
type ReadOnlyInfo = { title: string; message: string };

export type DynamicFormProps = {
  /** Input definitions (parsed, e.g. from the product configuration), in the order shown. */
  inputs: readonly InputDefinition[];
  /** The current answers, keyed by input name (dot paths nest: drivingLicence.validFrom). Read once, when the form mounts: give the form a `key` to start again. */
  values: FormValues;
  /**
   * Who fills it in and where: now, isAdmin, isAnonymous, isPolicy, schemeCode, features
   * (toggles), permissions, formats, related answers for cross-field rules. Conditions and rules
   * of packages/forms read it.
   */
  context: FormContext;
  submitLabel: string;
  /**
   * Called with every answer (answers of inputs whose condition no longer holds are removed,
   * unless the condition says preserve) and the names of the answers that changed, including
   * removed ones. Only called when the form is valid.
   */
  onSubmit: (values: FormValues, details: { changedNames: string[] }) => void | Promise<void>;
  /** Called with the answers after each change the customer makes (a page saving as they go). */
  onAnswersChange?: (values: FormValues) => void;
  /** Disables submit while the answers are being sent. */
  isSubmitting?: boolean;
  /** The info modal of read-only inputs; a generic text when not given. */
  readOnlyInfo?: ReadOnlyInfo;
  /** Errors from the server by input name; each clears when its answer changes. */
  serverErrors?: Readonly<Record<string, string>>;
  /** Prefix of field ids (`<idPrefix>-<name with dashes>`), unique on the page. */
  idPrefix?: string;
  /** Shown next to the submit button (a cancel or back link). */
  secondaryAction?: ReactNode;
  /** Content between the questions and the buttons. */
  children?: ReactNode;
};

/**
 * "Help" beside a question: its plain-English page from the content service, in a modal. The
 * button's name does not repeat the question, so the question's label names only its field.
 */
function QuestionHelp({ input }: { input: InputDefinition }): ReactElement | null {
  const { t } = useTranslation('forms');
  const { label } = useInputCopy(input);
  const [isOpen, setIsOpen] = useState(false);
  if (!input.meta.helpLink) return null;
  return (
    <div className="dynamic-form__help">
      <button type="button" className="help-link" onClick={() => setIsOpen(true)}>
        {t('help.text')}
        <span className="visually-hidden"> {t('help.suffix')}</span>
      </button>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={label}
        variant="iframe"
        iframeSrc={helpPageUrl(input.meta.helpLink)}
      />
    </div>
  );
}

/** The DOM id of an input's control. */
const getInputId = (idPrefix: string, name: string) => `${idPrefix}-${name.replace(/\./g, '-')}`;

const sameAnswer = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Nothing given yet: no value, blank text or an empty list (a record part-filled is an answer). */
const hasNoAnswer = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The answer an input starts with when there is none: its configured default. */
function getDefaultValue(input: InputDefinition): unknown {
  if (input.meta.defaultValue !== undefined) return input.meta.defaultValue;
  // Consent boxes start unticked, which is an answer: no to every channel.
  if (input.type === 'marketingPreferences') {
    return Object.fromEntries((input.meta.options ?? []).map((option) => [option.value, false]));
  }
  return undefined;
}

/** The answers as the renderers hold them: defaults filled in, looked-up codes as codes. */
function withDefaults(inputs: readonly InputDefinition[], values: FormValues): FormValues {
  let result = values;
  for (const input of inputs) {
    const value = getValueAtPath(result, input.name);
    const defaultValue = getDefaultValue(input);
    if (defaultValue !== undefined && value === undefined) {
      result = setValueAtPath(result, input.name, defaultValue);
    }
    // The API may store a data-entry answer as its table entry; the field holds the code.
    if (input.type === 'dataEntrySearch' && typeof value === 'object' && value !== null) {
      result = setValueAtPath(result, input.name, (value as { code?: unknown }).code);
    }
  }
  return result;
}

/**
 * The generic config-driven form (spec 3 §5): renders each visible input with its renderer,
 * validates on every change, keeps submit disabled until valid, shows each error under its input
 * and a fixed bottom bar with the error count and "Show me". Read-only inputs are disabled and
 * explain why in a modal.
 */
export function DynamicForm({
  inputs,
  values: initialValues,
  context,
  submitLabel,
  onSubmit,
  onAnswersChange,
  isSubmitting = false,
  readOnlyInfo,
  serverErrors = {},
  idPrefix = 'form',
  secondaryAction,
  children,
}: DynamicFormProps): ReactElement {
  const { t } = useTranslation('forms');
  // Changes are against the answers as given, so a default (5 seats) is sent like any answer.
  const [given] = useState(initialValues);
  const [initial] = useState(() => withDefaults(inputs, initialValues));
  const [values, setValues] = useState<FormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [revealAll, setRevealAll] = useState(false);
  const [pending, setPending] = useState<Record<string, string | undefined>>({});
  const [answeredServerErrors, setAnsweredServerErrors] = useState<ReadonlySet<string>>(
    () => new Set(),
  );
  const [isReadOnlyInfoOpen, setReadOnlyInfoOpen] = useState(false);
  useEffect(() => {
    // The answers as mounted are not a change; a new callback alone is not either.
    if (values !== initial) onAnswersChange?.(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, initial]);

  const visible = inputs.filter((input) => isInputVisible({ input, values, context }));
  const readOnly = new Set(
    visible
      .filter((input) => isInputReadOnly({ input, values, context }))
      .map((input) => input.name),
  );

  // Every error, in the order of the questions; read-only answers cannot be fixed here.
  const errors = useMemo(() => {
    const result: [string, string][] = [];
    for (const input of visible) {
      if (readOnly.has(input.name)) continue;
      const message =
        pending[input.name] ??
        validateInputValue({
          input,
          value: getValueAtPath(values, input.name),
          values,
          context,
        });
      if (message) result.push([input.name, message]);
    }
    return result;
    // visible and readOnly derive from values and context.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, context, pending, inputs]);

  // Validation speaks after the customer acts (issue 31 item 7): a wrong answer they gave shows
  // its error; a question left without an answer (one just opened, as Yes to convictions or
  // Change car) or a loop entry still open says nothing until they try to continue ("Show me").
  const isShown = (name: string) => {
    if (revealAll) return true;
    if (pending[name] !== undefined || hasNoAnswer(getValueAtPath(values, name))) return false;
    return touched.has(name) || !isEmptyValue(getValueAtPath(initial, name));
  };
  const shownErrors = new Map(errors.filter(([name]) => isShown(name)));
  for (const [name, message] of Object.entries(serverErrors)) {
    if (!answeredServerErrors.has(name) && !shownErrors.has(name)) shownErrors.set(name, message);
  }
  const isValid = errors.length === 0;
  const hiddenErrorCount = errors.length - errors.filter(([name]) => isShown(name)).length;

  const showFirstError = (names: string[]) => {
    const first = visible.find((input) => names.includes(input.name));
    if (first) showField(getInputId(idPrefix, first.name));
  };

  const change = (name: string, value: unknown) => {
    setValues((current) => setValueAtPath(current, name, value));
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
    if (name in serverErrors) setAnsweredServerErrors((current) => new Set(current).add(name));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValid || isSubmitting) return;
    const cleaned = clearInapplicableValues({ inputs, values, context });
    const changedNames = inputs
      .filter((input) => !readOnly.has(input.name))
      .filter(
        (input) =>
          isInputApplicable({ input, values, context }) || input.conditional?.preserve !== true,
      )
      .map((input) => input.name)
      .filter((name) => !sameAnswer(getValueAtPath(cleaned, name), getValueAtPath(given, name)));
    void onSubmit(cleaned, { changedNames });
  };

  return (
    <form
      className={shownErrors.size > 0 ? 'dynamic-form dynamic-form--with-bar' : 'dynamic-form'}
      noValidate
      onSubmit={submit}
    >
      {visible.map((input) => {
        const id = getInputId(idPrefix, input.name);
        const rendered = (
          <FormInput
            input={input}
            id={id}
            value={getValueAtPath(values, input.name)}
            values={values}
            context={context}
            error={shownErrors.get(input.name)}
            onChange={(value) => change(input.name, value)}
            onPendingError={(message) =>
              setPending((current) => ({ ...current, [input.name]: message }))
            }
          />
        );
        if (!readOnly.has(input.name)) {
          return (
            <div
              className={
                input.meta.helpLink
                  ? 'dynamic-form__input dynamic-form__input--help'
                  : 'dynamic-form__input'
              }
              key={input.name}
            >
              {rendered}
              <QuestionHelp input={input} />
            </div>
          );
        }
        return (
          // A click on a disabled control explains why; the button below is the keyboard way in.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
          <div
            className="dynamic-form__input dynamic-form__input--read-only"
            key={input.name}
            onClick={() => setReadOnlyInfoOpen(true)}
          >
            <fieldset disabled className="dynamic-form__read-only">
              {rendered}
            </fieldset>
            <button type="button" className="link-button" onClick={() => setReadOnlyInfoOpen(true)}>
              {t('readOnly.why')}
            </button>
          </div>
        );
      })}
      {children}
      {!isValid && hiddenErrorCount > 0 ? (
        <p className="dynamic-form__incomplete">
          {t('form.incomplete', { count: errors.length })}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRevealAll(true);
              showFirstError(errors.map(([name]) => name));
            }}
          >
            {t('errorBar.showMe')}
          </button>
        </p>
      ) : null}
      <div className="dynamic-form__actions">
        <Button type="submit" layout="fixed" disabled={!isValid || isSubmitting}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
      <ErrorBar count={shownErrors.size} onShowMe={() => showFirstError([...shownErrors.keys()])} />
      <Modal
        isOpen={isReadOnlyInfoOpen}
        onClose={() => setReadOnlyInfoOpen(false)}
        title={readOnlyInfo?.title ?? t('readOnly.title')}
      >
        <p>{readOnlyInfo?.message ?? t('readOnly.message')}</p>
        <p>
          <ChatAction onOpen={() => setReadOnlyInfoOpen(false)} />
        </p>
      </Modal>
    </form>
  );
}
