import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useProposal } from '../../lib/proposal-query';
import { proposalQueryKey } from '../../lib/query-keys';
import { BANK_PAYMENT_PARAM, useBankPaymentStatus } from './api/bank-payments';
import { checkoutPaths } from './checkout-paths';
import { AwaitPolicy, RETURN_POLL_MS } from './payment-wait-view';

/**
 * Where the customer comes back after approving the first payment in their bank
 * (`?bank_payment_id=`). Coming back pays nothing by itself: this waits for the provider's
 * confirmation (the server binds the policy on its signed webhook), then shows the success page;
 * a payment that did not go through goes back to checkout to try again or pay another way.
 */
export function BankCallbackPage() {
  const { t } = useTranslation('checkout');
  const { productUrlName = '', proposalCode = '' } = useParams();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const bankPaymentId = searchParams.get(BANK_PAYMENT_PARAM);
  const payment = useBankPaymentStatus(bankPaymentId, RETURN_POLL_MS);
  const status = payment.data?.status;
  const proposal = useProposal(proposalCode, {
    refetchInterval: status === 'PAID' ? RETURN_POLL_MS : false,
  });
  useEffect(() => {
    if (status === 'PAID') {
      void queryClient.invalidateQueries({ queryKey: proposalQueryKey(proposalCode) });
    }
  }, [status, queryClient, proposalCode]);

  const checkout = checkoutPaths.checkout(productUrlName, proposalCode);
  if (!bankPaymentId) return <Navigate to={checkout} replace />;
  return (
    <AwaitPolicy
      proposal={proposal.data}
      productUrlName={productUrlName}
      failedPath={
        status === 'FAILED' || payment.isError ? `${checkout}?context=BANK&bank=failed` : undefined
      }
      proposalCode={proposalCode}
      title={t('bankPayment.waitingTitle')}
      lead={t('bankPayment.waiting')}
    />
  );
}
