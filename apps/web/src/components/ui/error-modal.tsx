import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';
import { isAbortError } from '../../lib/api-client';
import { getErrorContent } from '../../lib/error-content';

type ErrorModalApi = {
  showError: (error: unknown) => void;
};

const ErrorModalContext = createContext<ErrorModalApi>({ showError: () => undefined });

/** Opens the shared error modal for an error (aborted requests are ignored). */
export function useShowError(): (error: unknown) => void {
  return useContext(ErrorModalContext).showError;
}

function ErrorModal({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  const content = getErrorContent(error, t);
  return (
    <Modal isOpen onClose={onClose} title={content.header} closeLabel={t('errors:modal.close')}>
      <div className="error-modal" role="alert">
        {content.subheader ? <p className="error-modal__subheader">{content.subheader}</p> : null}
        <p>{content.content}</p>
        {content.bullets ? (
          <ul>
            {content.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </Modal>
  );
}

/**
 * Holds the one error shown at a time. `register` hands the opener to code outside React
 * (the query client's global onError).
 */
export function ErrorModalProvider({
  children,
  register,
}: {
  children?: ReactNode;
  register?: (showError: (error: unknown) => void) => void;
}) {
  const [current, setCurrent] = useState<{ error: unknown } | null>(null);
  const showError = useCallback((error: unknown) => {
    if (isAbortError(error)) return;
    // Keep the first error: a burst of failures (API down) shows one modal, not a stack.
    setCurrent((existing) => existing ?? { error });
  }, []);
  const api = useMemo(() => ({ showError }), [showError]);
  useEffect(() => {
    register?.(showError);
  }, [register, showError]);

  return (
    <ErrorModalContext.Provider value={api}>
      {children}
      {current ? <ErrorModal error={current.error} onClose={() => setCurrent(null)} /> : null}
    </ErrorModalContext.Provider>
  );
}
