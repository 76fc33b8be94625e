import { useTrackOnce } from '../../lib/analytics';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ChatAction } from '../../components/ui/chat-action';
import { useProposal } from '../../lib/proposal-query';
import { proposalQueryKey } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import { bindProposal } from './api/account-setup';
import { checkoutPaths } from './checkout-paths';
import { AwaitPolicy, RETURN_POLL_MS } from './payment-wait-view';
import { useCheckoutErrors } from './use-checkout-errors';
import { PageHeader } from '../../components/ui/page-header';

/** Checkout cannot be used (bind disabled, no payment schedule): spec 2 §8 says chat with us. */
export function CheckoutDisabledView({ reason }: { reason?: 'noSchedule' }) {
  const { t } = useTranslation('checkout');
  const { productUrlName = '', proposalCode = '' } = useParams();
  return (
    <div className="checkout checkout--message">
      <div className="page-header">
        <h1>{t('disabled.title')}</h1>
        <p className="lead">
          {t(reason === 'noSchedule' ? 'disabled.noSchedule' : 'disabled.content')}
        </p>
      </div>
      <p>
        <ChatAction />
      </p>
      <p>
        <Link to={paths.proposal(productUrlName, proposalCode)}>{t('disabled.back')}</Link>
      </p>
    </div>
  );
}

/** The card provider sends a declined or cancelled payment here (the checkout's cancelPath). */
export function PaymentResultErrorPage() {
  const { t } = useTranslation('checkout');
  const { productUrlName = '', proposalCode = '' } = useParams();
  useTrackOnce({ name: 'checkout_failed', proposalCode });
  return (
    <div className="checkout checkout--message">
      <PageHeader title={t('paymentError.title')} lead={t('paymentError.content')} />
      <p>
        <Link
          className="btn btn--primary"
          to={checkoutPaths.checkout(productUrlName, proposalCode)}
        >
          {t('paymentError.retry')}
        </Link>
      </p>
      <p>
        <ChatAction />
      </p>
    </div>
  );
}

/**
 * The card provider's return page (successPath). The payment's webhook binds the proposal, so
 * this waits for it to become POLICY, then shows the success page. After a card set-up
 * (`?setup=1`) nothing was paid: the proposal is bound here with the saved card.
 */
export function CardCallbackPage() {
  const { t } = useTranslation('checkout');
  const { productUrlName = '', proposalCode = '' } = useParams();
  const [searchParams] = useSearchParams();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onError = useCheckoutErrors();
  const isSetup = searchParams.get('setup') === '1';
  const failed = ['failed', 'cancelled', 'canceled'].includes(searchParams.get('status') ?? '');
  const proposal = useProposal(proposalCode, { refetchInterval: RETURN_POLL_MS });
  const [bindFailed, setBindFailed] = useState(false);
  const bound = useRef(false);

  useEffect(() => {
    if (!isSetup || bound.current || proposal.data?.status !== 'QUOTE') return;
    bound.current = true;
    bindProposal(client, proposalCode, 'CARD').then(
      () => queryClient.invalidateQueries({ queryKey: proposalQueryKey(proposalCode) }),
      (error: unknown) => {
        onError(error);
        setBindFailed(true);
      },
    );
  }, [isSetup, proposal.data?.status, client, proposalCode, queryClient, onError]);

  if (failed || bindFailed) {
    return <Navigate to={checkoutPaths.paymentError(productUrlName, proposalCode)} replace />;
  }
  return (
    <AwaitPolicy
      proposal={proposal.data}
      productUrlName={productUrlName}
      proposalCode={proposalCode}
      title={t('callback.title')}
      lead={t('callback.waiting')}
    />
  );
}
