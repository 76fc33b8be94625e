import { useCallback } from 'react';
import { AppError } from '../../app/error-content';
import { useShowError } from '../../app/error-modal';
import { isAbortError, isApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporting';

/**
 * Failures of the checkout's own calls: a 403 (e.g. an admin blocked from a customer-only step)
 * shows 'You are not authorised to perform this action.', anything else the error modal.
 */
export function useCheckoutErrors(): (error: unknown) => void {
  const showError = useShowError();
  return useCallback(
    (error: unknown) => {
      if (isAbortError(error)) return;
      reportError(error);
      if (isApiError(error) && error.status === 403) {
        showError(new AppError('NOT_AUTHORISED_ACTION'));
        return;
      }
      showError(error);
    },
    [showError],
  );
}

/** Shown without calling the API: an action only the customer can take. */
export function useNotAuthorised(): () => void {
  const showError = useShowError();
  return useCallback(() => showError(new AppError('NOT_AUTHORISED_ACTION')), [showError]);
}
