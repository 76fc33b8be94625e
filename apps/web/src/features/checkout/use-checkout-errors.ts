import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { AppError } from '../../lib/error-content';
import { useShowError } from '../../components/ui/error-modal';
import { isAbortError, isApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporting';

/** The customer-facing message of an API refusal (`{ error: { message } }`), if any. */
function findApiMessage(error: unknown): string | null {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return null;
  const data = error.failure.data as { error?: { message?: unknown }; message?: unknown } | null;
  const message = data?.error?.message ?? data?.message;
  return typeof message === 'string' ? message : null;
}

/** Did the server refuse because the summary's agreements are not accepted (issue 13)? */
function isAgreementsRefusal(error: unknown): boolean {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return false;
  const data = error.failure.data as { error?: { details?: { reason?: unknown } } } | null;
  return data?.error?.details?.reason === 'AGREEMENTS_REQUIRED';
}

/**
 * Failures of the checkout's own calls: a 403 (e.g. an admin blocked from a customer-only step)
 * shows 'You are not authorised to perform this action.'; another refusal (4xx) its own message
 * (a mandate is needed, the quote changed); anything else the error modal's texts. Agreements
 * not accepted also take the customer back to "Check your quote", where they are given.
 */
export function useCheckoutErrors(): (error: unknown) => void {
  const { t } = useTranslation('checkout');
  const showError = useShowError();
  const navigate = useNavigate();
  const { productUrlName, proposalCode } = useParams();
  return useCallback(
    (error: unknown) => {
      if (isAbortError(error)) return;
      reportError(error);
      if (!isApiError(error)) {
        showError(error);
        return;
      }
      if (error.status === 403) {
        showError(new AppError('NOT_AUTHORISED_ACTION'));
        return;
      }
      const message = findApiMessage(error);
      if (error.status !== undefined && error.status < 500 && message) {
        // The error modal shows an Error's name as its header and its message as the text.
        const refusal = new Error(message);
        refusal.name = t('refused');
        showError(refusal);
        if (isAgreementsRefusal(error) && productUrlName && proposalCode) {
          navigate(paths.proposalSummary(productUrlName, proposalCode));
        }
        return;
      }
      showError(error);
    },
    [showError, t, navigate, productUrlName, proposalCode],
  );
}

/** Shown without calling the API: an action only the customer can take. */
export function useNotAuthorised(): () => void {
  const showError = useShowError();
  return useCallback(() => showError(new AppError('NOT_AUTHORISED_ACTION')), [showError]);
}
