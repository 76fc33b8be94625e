import { useTrackOnce } from '../../lib/analytics';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { formatDate, formatPence } from '../../lib/format';
import { useProposal } from '../../lib/proposal-query';
import { useFirstCollection } from './api/first-collection';
import { FeedbackSurvey } from './components/feedback-survey';
import { findUpsell } from './rules';

/**
 * Spec 2 §2 checkout success (a POLICY proposal): deferred message or subheader, home or sign-in,
 * the upsell card for a longer-term proposal and the bind survey (not for admins).
 */
export function CheckoutSuccessPage() {
  const { t } = useTranslation('checkout');
  const { proposalCode = '' } = useParams();
  const { isAuthenticated, isAdmin } = useAuth();
  const proposal = useProposal(proposalCode);
  useTrackOnce(proposal.data?.status === 'POLICY' ? { name: 'policy_bound', proposalCode } : null);
  const firstCollection = useFirstCollection(
    proposalCode,
    isAuthenticated && proposal.data?.status === 'POLICY',
  ).data;
  // Display only: whether the cover starts after the page opened decides the wording.
  const [openedAt] = useState(() => Date.now());

  if (proposal.isPending) return <Spinner label={t('loading')} isBlock />;
  const data = proposal.data ?? null;
  const policyNumber = data?.policyNumber ?? '';
  const startAt = data?.startAt ? new Date(data.startAt) : null;
  const isDeferred = startAt !== null && startAt.getTime() > openedAt;
  const upsell = data ? findUpsell(data) : null;

  return (
    <div className="checkout checkout-success">
      <div className="page-header">
        <span className="checkout-success__tick" aria-hidden="true">
          ✓
        </span>
        <h1>{t('success.title')}</h1>
        <p className="lead">
          {isDeferred && data?.startAt
            ? t('success.deferred', { policyNumber, date: formatDate(data.startAt) })
            : t('success.subheader', { policyNumber })}
        </p>
        {firstCollection ? (
          <p>
            {t('success.firstCollection', {
              amount: formatPence(firstCollection.amountPence),
              date: formatDate(firstCollection.chargeDate),
            })}
          </p>
        ) : null}
      </div>
      <p>
        {isAuthenticated ? (
          <Link className="btn btn--primary" to={paths.home()}>
            {t('success.home')}
          </Link>
        ) : (
          <Link className="btn btn--primary" to={paths.signIn(paths.home())}>
            {t('success.signIn')}
          </Link>
        )}
      </p>
      {upsell ? (
        <section className="card checkout-upsell" aria-labelledby="checkout-upsell-title">
          <h2 id="checkout-upsell-title" className="card__title">
            {t('success.upsell.title')}
          </h2>
          <p>{t(`success.upsell.${upsell.kind}.content`)}</p>
          <Link className="btn btn--secondary" to={upsell.path}>
            {t(`success.upsell.${upsell.kind}.action`)}
          </Link>
        </section>
      ) : null}
      {!isAdmin && data?.policyId ? <FeedbackSurvey policyId={data.policyId} /> : null}
    </div>
  );
}
