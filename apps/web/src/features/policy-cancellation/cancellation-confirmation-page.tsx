import { useTrackOnce } from '../../lib/analytics';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { formatDisplayDate, formatMoney } from '@motor/domain';
import { paths } from '../../lib/paths';
import type { CancellationDoneState } from '../../lib/policy/cancellation-done';
import type { Policy } from '../../lib/policy/get-policy';
import { CancellationFeedbackModal } from './cancellation-feedback-modal';

function readDoneState(state: unknown): CancellationDoneState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { effectiveAt, amountDue } = state as Record<string, unknown>;
  if (typeof amountDue !== 'number') return null;
  return { effectiveAt: typeof effectiveAt === 'string' ? effectiveAt : null, amountDue };
}

/**
 * policy/{policyId}/cancellation-confirmation (spec 3 §2, §9): the policy is cancelled or will be
 * on its date, the refund and how long it takes; the feedback modal follows. Reopened later
 * (no state from the confirm step) it reads the policy's termination date and leaves out money.
 */
export function CancellationConfirmationPage({ policy }: { policy: Policy }) {
  const { t } = useTranslation('cancellation');
  const { productUrlName = '' } = useParams();
  const done = readDoneState(useLocation().state);
  // Only right after confirming (not when the page is reopened later).
  useTrackOnce(done ? { name: 'cancellation_confirmed', policyId: policy.policyId } : null);
  const root = paths.policy(productUrlName, policy.policyId);
  // Display only: whether the cancellation is still ahead when the page opened decides the words.
  const [openedAt] = useState(() => Date.now());
  const endsAt = done ? done.effectiveAt : (policy.policyDetail.terminatedAt ?? null);
  // Nothing was cancelled: this page has nothing to say.
  if (!done && !endsAt) return <Navigate to={root} replace />;
  const isDeferred = endsAt !== null && new Date(endsAt).getTime() > openedAt;
  const amountDue = done?.amountDue ?? 0;

  return (
    <section className="cancel-flow" aria-labelledby="cancellation-done-title">
      <div className="page-header">
        <h1 id="cancellation-done-title">
          {isDeferred ? t('done.deferredTitle') : t('done.title')}
        </h1>
        <p className="lead">
          {isDeferred && endsAt
            ? t('done.stopsOn', { date: formatDisplayDate(endsAt) })
            : t('done.stopped')}
        </p>
      </div>
      {amountDue < 0 ? <p>{t('done.refund', { amount: formatMoney(-amountDue) })}</p> : null}
      {amountDue > 0 ? <p>{t('done.owed', { amount: formatMoney(amountDue) })}</p> : null}
      <div className="cancel-flow__actions">
        <Link className="btn btn--primary" to={paths.home()}>
          {t('done.home')}
        </Link>
        <Link to={root}>{t('done.policy')}</Link>
      </div>
      <CancellationFeedbackModal policyId={policy.policyId} />
    </section>
  );
}
