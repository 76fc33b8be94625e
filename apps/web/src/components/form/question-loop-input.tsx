import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addQuestionLoopRow,
  cancelQuestionLoopRow,
  confirmQuestionLoopRow,
  getQuestionLoopValue,
  getValueAtPath,
  initQuestionLoop,
  isInputVisible,
  removeQuestionLoopRow,
  setQuestionLoopEnabled,
  updateQuestionLoopRow,
  validateQuestionLoopRow,
} from '@motor/forms';
import type {
  FormContext,
  FormValues,
  InputDefinition,
  QuestionLoopResult,
  QuestionLoopState,
} from '@motor/forms';
import { formatDate } from '../../lib/format';
import { Button } from '../ui/button';
import { RadioGroup } from './choice-inputs';
import { useInputCopy } from './form-copy';

/** Renders one row input (the dynamic form's renderer, passed in to avoid an import cycle). */
type RenderRowInput = (args: {
  input: InputDefinition;
  id: string;
  value: unknown;
  row: FormValues;
  error?: string;
  onChange: (value: unknown) => void;
}) => ReactNode;

export type QuestionLoopInputProps = {
  id: string;
  input: InputDefinition;
  value: unknown;
  values: FormValues;
  context: FormContext;
  error?: string;
  /** The confirmed rows ([] for "no", undefined until answered) and, while a row is open, why the form cannot be sent yet. */
  onChange: (value: FormValues[] | undefined, pendingError: string | undefined) => void;
  renderRowInput: RenderRowInput;
};

function SummaryValue({
  input,
  loopName,
  value,
}: {
  input: InputDefinition | undefined;
  loopName: string;
  value: unknown;
}): ReactElement {
  const copy = useInputCopy(input ?? ({ name: '', meta: {} } as InputDefinition), loopName);
  if (!input) return <>{String(value ?? '')}</>;
  const option = input.meta.options?.find((candidate) => String(candidate.value) === String(value));
  if (option) return <>{copy.optionText(option)}</>;
  if (input.type === 'date' && typeof value === 'string') return <>{formatDate(value)}</>;
  if (typeof value === 'object' && value !== null && 'name' in value) {
    return <>{String((value as { name: unknown }).name)}</>;
  }
  return <>{String(value ?? '')}</>;
}

function SummaryLabel({ input, loopName }: { input: InputDefinition; loopName: string }) {
  return <>{useInputCopy(input, loopName).label}</>;
}

/**
 * "Have you had any ...?" then one row at a time (claims, convictions; spec 3 §5). Confirm and
 * add another validate only the open (last) row; cancelling the only row answers "no".
 */
export function QuestionLoopInput({
  id,
  input,
  value,
  values,
  context,
  error,
  onChange,
  renderRowInput,
}: QuestionLoopInputProps): ReactElement {
  const { t } = useTranslation('forms');
  const copy = useInputCopy(input);
  const [state, setState] = useState<QuestionLoopState>(() => initQuestionLoop(value));
  const [showRowErrors, setShowRowErrors] = useState(false);
  const rowInputs = input.inputs ?? [];
  const summaryNames = input.meta.summaryFields ?? rowInputs.map((rowInput) => rowInput.name);
  const args = { input, values, context };

  const commit = (next: QuestionLoopState) => {
    setState(next);
    onChange(getQuestionLoopValue(next), next.editing ? t('loop.pending') : undefined);
  };
  const apply = (result: QuestionLoopResult) => {
    setShowRowErrors(Object.keys(result.errors).length > 0);
    commit(result.state);
  };
  // Turning the loop on or off, removing a row or cancelling one checks no row: nothing to show.
  const commitUnchecked = (next: QuestionLoopState) => {
    setShowRowErrors(false);
    commit(next);
  };

  const openRow = state.editing ? state.rows[state.rows.length - 1] : undefined;
  const rowErrors =
    openRow && showRowErrors ? validateQuestionLoopRow({ ...args, row: openRow }) : {};
  const confirmedRows = state.editing ? state.rows.slice(0, -1) : state.rows;
  const loopError = error ?? rowErrors[input.name];
  // One button in two places: under the open row it checks and closes that row before opening
  // the next; with no row open it opens one.
  const addAnother = (
    <Button
      layout="small"
      variant="inverted"
      onClick={() => apply(addQuestionLoopRow({ ...args, state }))}
    >
      {t('loop.addAnother')}
    </Button>
  );

  return (
    <div className="question-loop">
      <RadioGroup
        id={id}
        label={copy.label}
        hint={copy.hint}
        error={loopError}
        options={[
          { value: true, text: t('values.true') },
          { value: false, text: t('values.false') },
        ]}
        value={state.enabled}
        onChange={(enabled) => commitUnchecked(setQuestionLoopEnabled(state, enabled === true))}
      />
      {confirmedRows.length > 0 ? (
        <ul className="question-loop__rows" aria-label={t('loop.listLabel', { label: copy.label })}>
          {confirmedRows.map((row, index) => (
            <li className="question-loop__row" key={index}>
              <dl className="question-loop__summary">
                {summaryNames.map((name) => {
                  const rowInput = rowInputs.find((candidate) => candidate.name === name);
                  return (
                    <div key={name} className="question-loop__summary-item">
                      <dt>
                        {rowInput ? <SummaryLabel input={rowInput} loopName={input.name} /> : name}
                      </dt>
                      <dd>
                        <SummaryValue
                          input={rowInput}
                          loopName={input.name}
                          value={getValueAtPath(row, name)}
                        />
                      </dd>
                    </div>
                  );
                })}
              </dl>
              <Button
                layout="small"
                variant="inverted"
                aria-label={t('loop.removeRow', { number: index + 1 })}
                onClick={() => commitUnchecked(removeQuestionLoopRow(state, index))}
              >
                {t('loop.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {openRow ? (
        <div
          className="question-loop__editor"
          role="group"
          aria-label={t('loop.rowLabel', { number: state.rows.length })}
        >
          {rowInputs
            .filter((rowInput) =>
              isInputVisible({ input: rowInput, values, row: openRow, context }),
            )
            .map((rowInput) => (
              <div key={rowInput.name}>
                {renderRowInput({
                  input: rowInput,
                  id: `${id}-${state.rows.length - 1}-${rowInput.name.replace(/\./g, '-')}`,
                  value: getValueAtPath(openRow, rowInput.name),
                  row: openRow,
                  error: rowErrors[rowInput.name],
                  onChange: (next) => commit(updateQuestionLoopRow(state, rowInput.name, next)),
                })}
              </div>
            ))}
          <div className="question-loop__actions">
            <Button
              layout="small"
              onClick={() => apply(confirmQuestionLoopRow({ ...args, state }))}
            >
              {t('loop.confirm')}
            </Button>
            {addAnother}
            <Button
              layout="small"
              variant="inverted"
              onClick={() => commitUnchecked(cancelQuestionLoopRow(state))}
            >
              {t('loop.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
      {state.enabled && !state.editing ? addAnother : null}
    </div>
  );
}
