import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { CustomerAccountResponse } from '@motor/contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { refetchAfterWrite } from '../../lib/query-client';
import { MANDATES_QUERY_KEY } from '../../lib/query-keys';
import {
  completeMandate,
  REDIRECT_FLOW_PARAM,
  startPaymentMethodSetup,
} from '../../lib/payment-methods';
import { useApiClient } from '../../lib/use-api-client';
import { BILLING_QUERY_KEY } from './billing-api';
import { FailureNotice } from '../../components/ui/failure-notice';

// Changing the way the account pays, from the billing tab's payment settings (issue 16 item 7): a
// new Direct Debit mandate on the provider's page (back here with ?redirect_flow_id=, completed
// with a loader meanwhile), or a new card saved on the card provider's set-up page (back here
// with ?payment_method=card_saved). Later collections use the newest mandate or card.

const CARD_SAVED_PARAM = 'payment_method';
const CARD_SAVED = 'card_saved';

/** The button that opens the provider's page for a new mandate or card of the account's type. */
export function ChangePaymentMethodButton({
  account,
}: {
  account: CustomerAccountResponse;
}): ReactElement | null {
  const { t } = useTranslation('billing');
  const client = useApiClient();
  const location = useLocation();
  const type = account.paymentMethodType;
  const start = useMutation({
    meta: { handlesErrors: true },
    mutationFn: () =>
      startPaymentMethodSetup(client, {
        type: type!,
        accountCode: account.accountCode,
        mandateDescription: t('paymentMethod.mandateDescription'),
        returnPath: location.pathname,
        cardSavedPath: `${location.pathname}?${CARD_SAVED_PARAM}=${CARD_SAVED}`,
      }),
    onSuccess: (url) => window.location.assign(url),
  });
  if (!type) return null;
  const isBusy = start.isPending || start.isSuccess;
  return (
    <>
      {start.isError ? <FailureNotice>{t('paymentMethod.failed')}</FailureNotice> : null}
      <Button
        layout="small"
        variant="inverted"
        disabled={isBusy}
        aria-busy={isBusy}
        onClick={() => start.mutate()}
      >
        {t(`paymentMethod.change.${type}`)}
      </Button>
    </>
  );
}

/**
 * Back from the provider's page: completes a new mandate once (StrictMode runs effects twice and
 * the POST must not repeat), then says what changed and clears the parameter.
 */
export function PaymentMethodReturn(): ReactElement | null {
  const { t } = useTranslation('billing');
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const redirectFlowId = searchParams.get(REDIRECT_FLOW_PARAM);
  const cardSaved = searchParams.get(CARD_SAVED_PARAM) === CARD_SAVED;
  // Read once on arrival: the parameter is cleared at once, the message stays.
  const [cameWithCard] = useState(cardSaved);
  const [done, setDone] = useState<'BACS_DEBIT' | 'FAILED' | null>(null);
  const started = useRef<string | null>(null);
  const complete = useMutation({
    meta: { handlesErrors: true },
    mutationFn: (flowId: string) => completeMandate(client, flowId),
    onSuccess: () => setDone('BACS_DEBIT'),
    onError: () => setDone('FAILED'),
    onSettled: async () => {
      await refetchAfterWrite(queryClient, MANDATES_QUERY_KEY);
      await queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
    },
  });

  useEffect(() => {
    const clear = () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(REDIRECT_FLOW_PARAM);
          next.delete(CARD_SAVED_PARAM);
          next.delete('session_id');
          return next;
        },
        { replace: true },
      );
    if (cardSaved) {
      clear();
      return;
    }
    if (!redirectFlowId || started.current === redirectFlowId) return;
    started.current = redirectFlowId;
    complete.mutate(redirectFlowId, { onSettled: clear });
  }, [redirectFlowId, cardSaved, complete, setSearchParams]);

  if (complete.isPending) return <Spinner isBlock label={t('paymentMethod.completing')} />;
  const saved = done ?? (cameWithCard ? 'CARD' : null);
  if (saved === null) return null;
  return saved === 'FAILED' ? (
    <FailureNotice>{t('paymentMethod.completeFailed')}</FailureNotice>
  ) : (
    <p role="status" className="notice notice--success">
      {t(`paymentMethod.saved.${saved}`)}
    </p>
  );
}
