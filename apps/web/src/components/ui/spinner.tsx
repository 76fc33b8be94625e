import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export type SpinnerProps = {
  /** Accessible label; defaults to 'Loading'. */
  label?: string;
  size?: 'small' | 'medium' | 'large';
  /** Centre in the available area (page or section loader). */
  isBlock?: boolean;
};

/** Loading indicator announced as a status with an accessible label. */
export function Spinner({ label, size = 'medium', isBlock = false }: SpinnerProps): ReactElement {
  const { t } = useTranslation('ui');
  return (
    <div
      role="status"
      className={isBlock ? `spinner spinner--${size} spinner--block` : `spinner spinner--${size}`}
    >
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('spinner.loading')}</span>
    </div>
  );
}
