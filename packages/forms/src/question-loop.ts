import type { FormContext } from './conditions';
import { getValueAtPath } from './form-values';
import type { FormValues } from './form-values';
import type { InputDefinition } from './input-definition';
import { validateQuestionLoopRow } from './validate-inputs';

// A question loop (spec 3 §5): "have you had any ...?" then repeated rows (claims, convictions).
// The answer is undefined (not answered), [] (answered no) or the confirmed rows.

/** Loop state: `enabled` undefined until answered; `editing` while the last row is unconfirmed. */
export type QuestionLoopState = {
  enabled: boolean | undefined;
  rows: FormValues[];
  editing: boolean;
};

/** A loop transition's result: the new state and the current row's errors (empty when none). */
export type QuestionLoopResult = { state: QuestionLoopState; errors: Record<string, string> };

type LoopArgs = {
  state: QuestionLoopState;
  input: InputDefinition;
  values: FormValues;
  context: FormContext;
};

/** Starts a loop from a stored answer: undefined is unanswered, [] is "no". */
export function initQuestionLoop(value: unknown): QuestionLoopState {
  if (!Array.isArray(value)) return { enabled: undefined, rows: [], editing: false };
  return { enabled: value.length > 0, rows: value as FormValues[], editing: false };
}

/** Answers the loop question: yes opens a first empty row, no clears the rows. */
export function setQuestionLoopEnabled(
  state: QuestionLoopState,
  enabled: boolean,
): QuestionLoopState {
  if (!enabled) return { enabled: false, rows: [], editing: false };
  if (state.rows.length > 0) return { ...state, enabled: true };
  return { enabled: true, rows: [{}], editing: true };
}

/** Sets a field of the current (last) row. */
export function updateQuestionLoopRow(
  state: QuestionLoopState,
  field: string,
  value: unknown,
): QuestionLoopState {
  if (state.rows.length === 0) return state;
  const rows = [...state.rows];
  const last = rows.length - 1;
  rows[last] = { ...rows[last], [field]: value };
  return { ...state, rows };
}

function validateCurrentRow({ state, input, values, context }: LoopArgs): Record<string, string> {
  const row = state.rows[state.rows.length - 1];
  return row ? validateQuestionLoopRow({ input, row, values, context }) : {};
}

/**
 * Confirms the current (last) row: validates that row only; on success the row is kept and
 * editing stops.
 */
export function confirmQuestionLoopRow(args: LoopArgs): QuestionLoopResult {
  const errors = validateCurrentRow(args);
  if (Object.keys(errors).length > 0) return { state: args.state, errors };
  return { state: { ...args.state, editing: false }, errors };
}

/**
 * Adds another row: validates the current row only, then appends an empty row to edit. Refused
 * (with an error under the loop name) when maxRows is reached.
 */
export function addQuestionLoopRow(args: LoopArgs): QuestionLoopResult {
  const { state, input } = args;
  const errors = state.editing ? validateCurrentRow(args) : {};
  if (Object.keys(errors).length > 0) return { state, errors };
  const maxRows = input.validation.maxRows;
  if (typeof maxRows === 'number' && state.rows.length >= maxRows) {
    return { state, errors: { [input.name]: `You can add up to ${maxRows}` } };
  }
  return { state: { enabled: true, rows: [...state.rows, {}], editing: true }, errors: {} };
}

/** Cancels the current (last) row; cancelling the only row turns the loop off. */
export function cancelQuestionLoopRow(state: QuestionLoopState): QuestionLoopState {
  const rows = state.rows.slice(0, -1);
  if (rows.length === 0) return { enabled: false, rows: [], editing: false };
  return { ...state, rows, editing: false };
}

/** Removes a confirmed row by index; removing the last remaining row turns the loop off. */
export function removeQuestionLoopRow(state: QuestionLoopState, index: number): QuestionLoopState {
  const rows = state.rows.filter((_, rowIndex) => rowIndex !== index);
  if (rows.length === 0) return { enabled: false, rows: [], editing: false };
  const editing = state.editing && index !== state.rows.length - 1;
  return { ...state, rows, editing };
}

/** The stored answer: undefined until answered, [] for no, else the confirmed rows. */
export function getQuestionLoopValue(state: QuestionLoopState): FormValues[] | undefined {
  if (state.enabled === undefined) return undefined;
  if (!state.enabled) return [];
  return state.editing ? state.rows.slice(0, -1) : state.rows;
}

/** One field of a row summary. */
export type QuestionLoopSummaryField = { name: string; label: string; value: unknown };

/** Summaries of the confirmed rows: the fields of meta.summaryFields (else every row input). */
export function summariseQuestionLoopRows({
  input,
  rows,
}: {
  input: InputDefinition;
  rows: readonly FormValues[];
}): QuestionLoopSummaryField[][] {
  const rowInputs = input.inputs ?? [];
  const names = input.meta.summaryFields ?? rowInputs.map((rowInput) => rowInput.name);
  return rows.map((row) =>
    names.map((name) => {
      const rowInput = rowInputs.find((candidate) => candidate.name === name);
      const value = getValueAtPath(row, name);
      const option = rowInput?.meta.options?.find((candidate) => candidate.value === value);
      return { name, label: rowInput?.meta.label ?? name, value: option ? option.text : value };
    }),
  );
}
