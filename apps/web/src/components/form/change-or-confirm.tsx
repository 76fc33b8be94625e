import { useReducer } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeOrConfirmReducer, initChangeOrConfirm } from '@motor/forms';
import type { ChangeOrConfirmMode } from '@motor/forms';
import { Button } from '../ui/button';

export type ChangeOrConfirmProps<T> = {
  /** Initial value; the component then owns the mode and value and reports changes. */
  value?: T;
  onChange?: (value: T | undefined) => void;
  onModeChange?: (mode: ChangeOrConfirmMode) => void;
  /** Confirmed value, shown in view mode. */
  renderView: (value: T) => ReactNode;
  /** Chooser shown in change mode; call choose to confirm a value. */
  renderChange: (choose: (value: T) => void) => ReactNode;
  /** Manual override form; the override button shows only when given. */
  renderOverride?: (choose: (value: T) => void, value: T | undefined) => ReactNode;
  changeLabel?: string;
  overrideLabel?: string;
  cancelLabel?: string;
};

/** Shows a value with Change / Override actions (spec 1 §4 modes view, change, override). */
export function ChangeOrConfirm<T>({
  value,
  onChange,
  onModeChange,
  renderView,
  renderChange,
  renderOverride,
  changeLabel,
  overrideLabel,
  cancelLabel,
}: ChangeOrConfirmProps<T>): ReactElement {
  const { t } = useTranslation('ui');
  const [state, dispatch] = useReducer(changeOrConfirmReducer<T>, value, initChangeOrConfirm<T>);

  const choose = (next: T) => {
    dispatch({ type: 'choose', value: next });
    onChange?.(next);
    onModeChange?.('view');
  };
  const change = () => {
    dispatch({ type: 'change' });
    onChange?.(undefined);
    onModeChange?.('change');
  };
  const override = () => {
    dispatch({ type: 'override' });
    onModeChange?.('override');
  };
  const reset = () => {
    dispatch({ type: 'reset' });
    onChange?.(state.previousValue);
    onModeChange?.('view');
  };

  const canReset = state.previousValue !== undefined;

  return (
    <div className={`change-or-confirm change-or-confirm--${state.mode}`}>
      {state.mode === 'view' && state.value !== undefined ? (
        <>
          <div className="change-or-confirm__value">{renderView(state.value)}</div>
          <div className="change-or-confirm__actions">
            <Button layout="small" variant="inverted" onClick={change}>
              {changeLabel ?? t('changeOrConfirm.change')}
            </Button>
            {renderOverride ? (
              <Button layout="small" variant="inverted" onClick={override}>
                {overrideLabel ?? t('changeOrConfirm.override')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {state.mode === 'change' ? renderChange(choose) : null}
      {state.mode === 'override' && renderOverride ? renderOverride(choose, state.value) : null}
      {state.mode !== 'view' && canReset ? (
        <Button layout="small" variant="inverted" onClick={reset}>
          {cancelLabel ?? t('changeOrConfirm.cancel')}
        </Button>
      ) : null}
    </div>
  );
}
