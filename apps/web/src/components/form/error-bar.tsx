import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export type ErrorBarProps = {
  /** How many questions show an error. */
  count: number;
  /** Scrolls the first error's label into view and focuses its field. */
  onShowMe: () => void;
};

/** The field to focus for an input id: the control itself, else the first control inside it. */
function findFocusTarget(id: string): HTMLElement | null {
  const element = document.getElementById(id);
  if (!element) return null;
  if (element.matches('input, select, textarea, button')) return element;
  return element.querySelector<HTMLElement>(
    'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])',
  );
}

/**
 * Moves to a field GOV.UK-style: its label (or legend) scrolls into view, then the control gets
 * focus without scrolling again, so the question stays readable above it.
 */
export function showField(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const label =
    document.querySelector<HTMLElement>(`label[for="${CSS.escape(id)}"]`) ??
    element.querySelector<HTMLElement>('legend') ??
    element.closest('fieldset')?.querySelector<HTMLElement>('legend') ??
    element;
  label.scrollIntoView({ block: 'start', behavior: 'smooth' });
  findFocusTarget(id)?.focus({ preventScroll: true });
}

/** Fixed bottom bar with the error count and "Show me" (spec 3 §5; z-index 200). */
export function ErrorBar({ count, onShowMe }: ErrorBarProps): ReactElement | null {
  const { t } = useTranslation('forms');
  if (count === 0) return null;
  return (
    <div className="error-bar" role="region" aria-label={t('errorBar.label')}>
      <p className="error-bar__count" role="status">
        {t('errorBar.count', { count })}
      </p>
      <button type="button" className="error-bar__show-me" onClick={onShowMe}>
        {t('errorBar.showMe')}
      </button>
    </div>
  );
}
