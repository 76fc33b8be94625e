import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { withoutRedirectFlow } from '../../../lib/payment-methods';
import { useCompleteMandate } from '../api/payment-methods';

/**
 * Back from the hosted Direct Debit page with ?redirect_flow_id=: completes the mandate with a
 * loader meanwhile, then clears the parameter (spec 3 §5). Failures go to the error modal.
 */
export function CompleteMandate({ redirectFlowId }: { redirectFlowId: string }) {
  const { t } = useTranslation('home');
  const [, setSearchParams] = useSearchParams();
  const complete = useCompleteMandate();
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per flow id: StrictMode runs effects twice and the POST must not repeat.
    if (started.current === redirectFlowId) return;
    started.current = redirectFlowId;
    complete.mutate(redirectFlowId, {
      onSettled: () => setSearchParams(withoutRedirectFlow, { replace: true }),
    });
  }, [redirectFlowId, complete, setSearchParams]);

  return <Spinner isBlock size="large" label={t('notices.completing')} />;
}
