import { useTrackOnce } from '../../lib/analytics';
import type { ReactElement } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import type { Policy } from '../../lib/policy/get-policy';
import { useAdjustment } from './api/adjustment-api';
import { AdjustmentFeedback } from './adjustment-feedback';
import { effectiveWhen } from './allowed-summary';
import { ChangePageLayout } from './change-page-layout';
import { ChatAction } from '../../components/ui/chat-action';
import { changePaths } from './change-paths';

/**
 * .../result (spec 3 §4 items 5-6): a confirmed change succeeds "immediately", from a later
 * date (dd MMM yyyy), or backdated to the earlier date staff chose; otherwise the error page, its message by whether verification was clear.
 * Back from the card provider the payment's webhook confirms it, so the page waits a little.
 */
export function ResultPage({ policy, root }: { policy: Policy; root: string }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { isAdmin } = useAuth();
  const { adjustmentId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const isBackFromPayment = searchParams.has('session_id');
  const {
    data: adjustment,
    isPending,
    isError,
  } = useAdjustment(adjustmentId, {
    pollUntilConfirmed: isBackFromPayment,
  });
  useTrackOnce(
    adjustment?.confirmed ? { name: 'change_confirmed', policyId: policy.policyId } : null,
  );
  const paths = changePaths(root);
  const back = { to: paths.root, label: t('backToPolicy') };
  if (isPending) return <Spinner isBlock size="large" />;
  if (!isError && !adjustment) return <Navigate to={paths.root} replace />;
  if (adjustment && !adjustment.confirmed && isBackFromPayment) {
    return <PaymentPending />;
  }
  if (!adjustment?.confirmed) {
    const failedVerification = adjustment?.verificationClear === false;
    return (
      <ChangePageLayout
        title={t('result.errorTitle')}
        intro={t(failedVerification ? 'result.failedVerification' : 'result.error')}
        back={back}
      >
        <ChatAction />
      </ChangePageLayout>
    );
  }
  const when = effectiveWhen(adjustment);
  return (
    <ChangePageLayout
      title={t('result.successTitle')}
      intro={
        when.kind === 'now'
          ? t('result.immediately')
          : t(when.kind === 'backdated' ? 'result.backdated' : 'result.deferred', {
              date: when.date,
            })
      }
    >
      <p>
        <Link to={paths.root}>{t('backToPolicy')}</Link>
      </p>
      {isAdmin ? null : (
        <AdjustmentFeedback policyId={policy.policyId} adjustmentId={adjustmentId} />
      )}
    </ChangePageLayout>
  );
}

function PaymentPending(): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <ChangePageLayout title={t('result.pendingTitle')} intro={t('result.pending')}>
      <Spinner isBlock size="large" />
      <ChatAction />
    </ChangePageLayout>
  );
}
