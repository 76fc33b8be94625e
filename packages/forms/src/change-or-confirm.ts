/** Change-or-confirm selector modes (spec 1 §4). */
export const CHANGE_OR_CONFIRM_MODES = ['view', 'change', 'override'] as const;
export type ChangeOrConfirmMode = (typeof CHANGE_OR_CONFIRM_MODES)[number];

export type ChangeOrConfirmState<T> = {
  mode: ChangeOrConfirmMode;
  value: T | undefined;
  /** The value to return to on reset. */
  previousValue: T | undefined;
};

export type ChangeOrConfirmAction<T> =
  { type: 'choose'; value: T } | { type: 'change' } | { type: 'override' } | { type: 'reset' };

/** Starts in view when there is a value, else in change. */
export function initChangeOrConfirm<T>(value: T | undefined): ChangeOrConfirmState<T> {
  return { mode: value === undefined ? 'change' : 'view', value, previousValue: value };
}

/**
 * choose -> view with the value; change -> clears the value, change mode; override -> override
 * mode keeping the value; reset -> view with the previous value (stays put when there is none).
 */
export function changeOrConfirmReducer<T>(
  state: ChangeOrConfirmState<T>,
  action: ChangeOrConfirmAction<T>,
): ChangeOrConfirmState<T> {
  switch (action.type) {
    case 'choose':
      return { mode: 'view', value: action.value, previousValue: action.value };
    case 'change':
      return { mode: 'change', value: undefined, previousValue: state.previousValue };
    case 'override':
      return { ...state, mode: 'override' };
    case 'reset':
      return state.previousValue === undefined
        ? state
        : { mode: 'view', value: state.previousValue, previousValue: state.previousValue };
  }
}
