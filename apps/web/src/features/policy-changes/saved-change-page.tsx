import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SAVED_CHANGE_DAYS } from '@motor/domain';
import type { ResumedSavedChangeResponse } from '@motor/contract';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api-client';
import { formatDate, formatPence } from '../../lib/format';
import type { Policy } from '../../lib/policy/get-policy';
import { useResumeSavedChange } from './api/saved-change-api';
import { useChangeContext } from './use-change-context';
import { PageHeader } from '../../components/ui/page-header';

// …/policy/{policyId}/saved-change/{adjustmentId} (issue 35 item 5): the policy page's notice and
// the e-mailed link lead here. The saved change is priced again now and the customer taken to
// its review, told whether the price is what it was when saved; a change kept longer than
// SAVED_CHANGE_DAYS says so, with the way back to the policy.

/** What the review page says about a change returned to (location state, see review-page). */
export type SavedChangeState = { savedChangeNotice: string };

function serverMessageOf(error: unknown): string | null {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return null;
  const body = error.failure.data as { error?: { message?: unknown } } | null;
  return typeof body?.error?.message === 'string' ? body.error.message : null;
}

function useNoticeOf(): (resumed: ResumedSavedChangeResponse) => string {
  const { t } = useTranslation('policy-changes');
  return (resumed) => {
    if (!resumed.priceChanged) {
      return t('saved.priceSame', { date: formatDate(resumed.savedAt) });
    }
    return t(resumed.ratesChanged ? 'saved.priceChangedRates' : 'saved.priceChanged', {
      before: formatPence(resumed.savedPremium),
      after: formatPence(resumed.adjustment.premiumAfter),
    });
  };
}

export function SavedChangePage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { adjustmentId = '' } = useParams();
  const navigate = useNavigate();
  const { paths } = useChangeContext(policy);
  const resume = useResumeSavedChange(policy.policyId);
  const noticeOf = useNoticeOf();
  const heading = useRef<HTMLHeadingElement>(null);
  // Once per visit: each resume prices the change again (a new adjustment).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    resume.mutate(adjustmentId, {
      onSuccess: (resumed) => {
        const state: SavedChangeState = { savedChangeNotice: noticeOf(resumed) };
        void navigate(paths.review(resumed.adjustment.adjustmentId), { replace: true, state });
      },
    });
  }, [adjustmentId, navigate, noticeOf, paths, resume]);

  const failed = resume.isError;
  useEffect(() => {
    if (failed) heading.current?.focus();
  }, [failed]);

  if (!failed) {
    return (
      <div className="policy-change">
        <PageHeader title={t('saved.opening')} />
        <Spinner isBlock size="large" label={t('saved.openingBody')} />
      </div>
    );
  }
  const isExpired = isApiError(resume.error) && resume.error.status === 410;
  return (
    <div className="policy-change">
      <div className="page-header">
        <h1 ref={heading} tabIndex={-1}>
          {t(isExpired ? 'saved.expiredTitle' : 'saved.failedTitle')}
        </h1>
        <p className="lead">
          {isExpired
            ? t('saved.expired', { days: SAVED_CHANGE_DAYS })
            : (serverMessageOf(resume.error) ?? t('saved.failed'))}
        </p>
      </div>
      <div className="policy-change__actions">
        <Link className="btn btn--primary" to={paths.root}>
          {t('backToPolicy')}
        </Link>
      </div>
    </div>
  );
}
