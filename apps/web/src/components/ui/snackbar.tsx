import { useEffect } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusVariant } from './variants';
import { useLatestRef } from '../../lib/use-latest-ref';

/** Spec 1 §9: the snackbar closes itself after 4 seconds. */
export const SNACKBAR_DURATION_MS = 4000;

export type SnackbarProps = {
  isOpen: boolean;
  onClose: () => void;
  children?: ReactNode;
  variant?: StatusVariant;
  durationMs?: number;
};

/** Short-lived status message announced politely; auto-closes after 4 s. */
export function Snackbar({
  isOpen,
  onClose,
  children,
  variant = 'default',
  durationMs = SNACKBAR_DURATION_MS,
}: SnackbarProps): ReactElement {
  const { t } = useTranslation('ui');
  const onCloseRef = useLatestRef(onClose);

  useEffect(() => {
    if (!isOpen) return undefined;
    const timer = setTimeout(() => onCloseRef.current(), durationMs);
    return () => clearTimeout(timer);
  }, [isOpen, durationMs, onCloseRef]);

  // The live region stays mounted so screen readers announce the message when it appears.
  return (
    <div
      role="status"
      aria-live="polite"
      className={isOpen ? `snackbar snackbar--${variant}` : 'snackbar snackbar--hidden'}
    >
      {isOpen ? (
        <>
          <div className="snackbar__message">{children}</div>
          <button type="button" className="snackbar__close" onClick={onClose}>
            {t('snackbar.close')}
          </button>
        </>
      ) : null}
    </div>
  );
}
