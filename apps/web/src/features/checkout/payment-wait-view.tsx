import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ChatAction } from '../../components/ui/chat-action';
import { Spinner } from '../../components/ui/spinner';
import { formatPence } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useUnboundPayment } from './api/unbound-payment';
import { checkoutPaths } from './checkout-paths';
import { PageHeader } from '../../components/ui/page-header';

/** How often a return page asks whether the webhook has made the proposal a policy. */
export const RETURN_POLL_MS = 1500;

/** After this long, a note that it is slow; after the second, what to do if it never comes. */
const SLOW_AFTER_MS = 20_000;
const STUCK_AFTER_MS = 120_000;
/** How often it asks whether the payment came and made no policy (it is refunded). */
const UNBOUND_POLL_MS = 3_000;

type WaitStage = 'waiting' | 'slow' | 'stuck';

function useWaitStage(): WaitStage {
  const [stage, setStage] = useState<WaitStage>('waiting');
  useEffect(() => {
    const slow = setTimeout(() => setStage('slow'), SLOW_AFTER_MS);
    const stuck = setTimeout(() => setStage('stuck'), STUCK_AFTER_MS);
    return () => {
      clearTimeout(slow);
      clearTimeout(stuck);
    };
  }, []);
  return stage;
}

/** The payment arrived but made no policy: it is being refunded in full. */
function UnboundPaymentView({ pence }: { pence: number }) {
  const { t } = useTranslation('checkout');
  const { productUrlName = '' } = useParams();
  return (
    <div className="checkout checkout--message">
      <div className="page-header">
        <h1>{t('callback.unbound.title')}</h1>
        <p className="lead" role="status">
          {t('callback.unbound.content', { amount: formatPence(pence) })}
        </p>
      </div>
      <p>
        <Link to={paths.product(productUrlName)}>{t('callback.unbound.newQuote')}</Link>
      </p>
      <p>
        <ChatAction />
      </p>
    </div>
  );
}

/**
 * A return page waiting for the provider's confirmation (card or bank). The page keeps polling
 * whatever it shows; when the confirmation never comes (a lost webhook, a payment staff must
 * check), the customer is told not to pay again and given someone to talk to, not a spinner
 * for ever. A payment that came but made no policy (the quote expired meanwhile) is refunded, and
 * the page says so at once.
 */
function PaymentWaitView({
  proposalCode,
  title,
  lead,
}: {
  proposalCode: string;
  title: string;
  lead: string;
}) {
  const { t } = useTranslation('checkout');
  const stage = useWaitStage();
  const unbound = useUnboundPayment(proposalCode, UNBOUND_POLL_MS);
  if (unbound.data) return <UnboundPaymentView pence={unbound.data} />;
  return (
    <div className="checkout checkout--message">
      <PageHeader title={title} lead={lead} />
      <Spinner label={title} isBlock />
      {stage === 'slow' ? <p role="status">{t('callback.slow')}</p> : null}
      {stage === 'stuck' ? (
        <>
          <p role="status">{t('callback.stuck')}</p>
          <p>
            <ChatAction />
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * Where a return page (card or bank) stands while the provider's webhook binds the proposal: home
 * when the proposal is gone, the success page once it is a policy, else `failedPath` when the
 * payment is known to have failed, else the wait.
 */
export function AwaitPolicy({
  proposal,
  productUrlName,
  failedPath,
  ...wait
}: {
  /** The proposal as last read: undefined until read, null when it is gone. */
  proposal: { status: string } | null | undefined;
  productUrlName: string;
  failedPath?: string;
  proposalCode: string;
  title: string;
  lead: string;
}) {
  if (proposal === null) return <Navigate to={paths.home()} replace />;
  if (proposal?.status === 'POLICY') {
    return <Navigate to={checkoutPaths.success(productUrlName, wait.proposalCode)} replace />;
  }
  if (failedPath) return <Navigate to={failedPath} replace />;
  return <PaymentWaitView {...wait} />;
}
