import { useTrackOnce } from '../../lib/analytics';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getAdjustmentReviewOutcome, getVersionInForceAt } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import type { Policy } from '../../lib/policy/get-policy';
import { useAdjustment } from './api/adjustment-api';
import type { PolicyAdjustment } from './api/adjustment-api';
import { AllowedSummary } from './allowed-summary';
import { ChangePageLayout } from './change-page-layout';
import { ChatAction } from '../../components/ui/chat-action';
import { usePageClockOffset } from '../../lib/page-clock';
import { resultPathOf } from './change-paths';
import { ReferralReview } from './referral-review';
import type { SavedChangeState } from './saved-change-page';
import { SaveForLater } from './save-for-later';
import { useConfirmFlow } from './use-confirm-adjustment';

/** The invalid-state page (spec 3 §8 "Invalid adjustment state"): nothing to confirm; chat. */
function InvalidAdjustment({ parentPath }: { parentPath: string }): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <ChangePageLayout title={t('invalid.title')} intro={t('invalid.content')}>
      <div className="policy-change__actions">
        <ChatAction />
        <Link to={parentPath}>{t('startAgain')}</Link>
      </div>
    </ChangePageLayout>
  );
}

/**
 * A change left past its confirmation window (expiresAt, on the page's clock) says so before the
 * customer clicks (issue 31 item 12): it can only be redone, so there is nothing to confirm.
 */
function ExpiredAdjustment({ parentPath }: { parentPath: string }): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <ChangePageLayout title={t('modals.stale.title')} intro={t('review.expired')}>
      <div className="policy-change__actions">
        <Link className="btn btn--primary" to={parentPath}>
          {t('modals.stale.startAgain')}
        </Link>
      </div>
    </ChangePageLayout>
  );
}

function isExpired(adjustment: PolicyAdjustment, offsetMs: number): boolean {
  return adjustment.expiresAt != null && Date.parse(adjustment.expiresAt) <= Date.now() + offsetMs;
}

function ReviewContent({
  policy,
  adjustment,
  reviewPath,
  parentPath,
}: {
  policy: Policy;
  adjustment: PolicyAdjustment;
  reviewPath: string;
  parentPath: string;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  const [isAgreed, setAgreed] = useState(false);
  useTrackOnce({ name: 'change_priced', policyId: policy.policyId });
  const { confirm, isConfirming, modals } = useConfirmFlow({
    policy,
    adjustment,
    reviewPath,
    parentPath,
  });
  const offsetMs = usePageClockOffset();
  // Returned to from a saved change: whether its price is what it was when saved.
  const savedChangeNotice = (useLocation().state as Partial<SavedChangeState> | null)
    ?.savedChangeNotice;
  const outcome = getAdjustmentReviewOutcome(adjustment.updatedPolicyVersions);
  if (outcome === 'invalid') return <InvalidAdjustment parentPath={parentPath} />;
  if (isExpired(adjustment, offsetMs)) return <ExpiredAdjustment parentPath={parentPath} />;
  const isReferral = outcome === 'referral';
  return (
    <ChangePageLayout
      title={t(isReferral ? 'referral.pageTitle' : 'review.title')}
      intro={isReferral ? undefined : t('review.intro')}
      back={{ to: parentPath, label: t('review.back') }}
    >
      {savedChangeNotice ? (
        <div className="notification notification--info" role="status">
          <div className="notification__body">
            <p>{savedChangeNotice}</p>
          </div>
        </div>
      ) : null}
      {isReferral ? (
        <ReferralReview adjustment={adjustment} isAgreed={isAgreed} onAgreedChange={setAgreed} />
      ) : (
        <AllowedSummary
          adjustment={adjustment}
          before={
            getVersionInForceAt(
              policy.policyVersions.map((version, index) => ({ ...version, versionNumber: index })),
              adjustment.effectiveAt,
            )?.quote
          }
        />
      )}
      <div className="policy-change__actions">
        <Button
          variant={isReferral ? 'critical' : 'default'}
          disabled={isConfirming || (isReferral && !isAgreed)}
          onClick={() => confirm(isReferral ? { cancellationAgreed: isAgreed } : {})}
        >
          {t(
            isReferral
              ? 'referral.confirm'
              : adjustment.paymentRequired
                ? 'review.pay'
                : 'review.confirm',
          )}
        </Button>
        <Link to={parentPath}>{t('cancel')}</Link>
      </div>
      {!isReferral && adjustment.adjustmentType === 'MTA' ? (
        <SaveForLater policyId={policy.policyId} adjustmentId={adjustment.adjustmentId} />
      ) : null}
      {modals}
    </ChangePageLayout>
  );
}

/** The review path of this page: the current location without a trailing slash. */
function useCurrentPath(): string {
  return useLocation().pathname.replace(/\/+$/, '');
}

/**
 * .../adjustment/{adjustmentId} and review/{adjustmentId} (spec 3 §4 items 3-4): a missing
 * adjustment goes back to the page it came from; a confirmed one to its result.
 */
export function ReviewPage({
  policy,
  parentPath,
}: {
  policy: Policy;
  parentPath: string;
}): ReactElement {
  const { adjustmentId = '' } = useParams();
  const reviewPath = useCurrentPath();
  const { data: adjustment, isPending, isError } = useAdjustment(adjustmentId);
  if (isPending) return <Spinner isBlock size="large" />;
  if (isError) return <InvalidAdjustment parentPath={parentPath} />;
  if (!adjustment) return <Navigate to={parentPath} replace />;
  if (adjustment.confirmed) return <Navigate to={resultPathOf(reviewPath)} replace />;
  return (
    <ReviewContent
      policy={policy}
      adjustment={adjustment}
      reviewPath={reviewPath}
      parentPath={parentPath}
    />
  );
}
