import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAnalytics } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { brand } from '../../lib/brand';
import { findSchemeByUrlName } from '../../lib/schemes';
import { useStartProposal } from './use-start-proposal';
import { PageHeader } from '../../components/ui/page-header';

/**
 * Why the server refused to start a quote, when trying again cannot help: the customer already
 * has a Driveaway policy (one per customer, spec 2 §4; issue 31 item 8), or, with the brand's
 * multiQuote off, a quote or a policy of this product (spec 3 §4). The page says why instead.
 */
function refusalReason(error: unknown): 'MAX_DRIVEAWAY_POLICIES' | 'ONE_QUOTE_PER_PRODUCT' | null {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return null;
  const data = error.failure.data as { error?: { details?: { reason?: unknown } } } | null;
  const reason = data?.error?.details?.reason;
  return reason === 'MAX_DRIVEAWAY_POLICIES' || reason === 'ONE_QUOTE_PER_PRODUCT' ? reason : null;
}

/** A quote or policy of this product is there already: the customer carries on from home. */
function QuoteHeld() {
  const { t } = useTranslation('quote');
  return (
    <div className="card" role="alert">
      <p>{t('create.quoteHeld')}</p>
      <p>
        <Link className="btn btn--primary" to={paths.home()}>
          {t('create.home')}
        </Link>
      </p>
    </div>
  );
}

/** Why there is no second Driveaway quote, and where to go instead (a subscription, home). */
function DriveawayHeld() {
  const { t } = useTranslation('quote');
  const subscription = brand.schemes.find((scheme) => scheme.productKind === 'SUBSCRIPTION');
  return (
    <div className="card" role="alert">
      <p>{t('create.driveawayHeld')}</p>
      <p>
        {subscription ? (
          <Link className="btn btn--primary" to={paths.product(subscription.urlName)}>
            {t('create.subscriptionInstead', { name: subscription.name })}
          </Link>
        ) : null}{' '}
        <Link to={paths.home()}>{t('create.home')}</Link>
      </p>
    </div>
  );
}

/**
 * The index of a product: the create flow (spec 2 §2). It waits for the anonymous session to be
 * refreshed, creates a proposal, then goes to the proposal's route.
 */
export function ProductStartPage() {
  const { t } = useTranslation();
  const { t: tq } = useTranslation('quote');
  const { productUrlName } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const scheme = findSchemeByUrlName(productUrlName);
  const start = useStartProposal();
  const started = useRef(false);
  const track = useAnalytics();

  const run = () => {
    if (!scheme) return;
    start.mutate(
      { schemeCode: scheme.schemeCode, brand: brand.brandCode, search, isAuthenticated },
      {
        onSuccess: (proposal) => {
          track({ name: 'product_started', proposalCode: proposal.proposalCode });
          void navigate(paths.proposal(scheme.urlName, proposal.proposalCode), { replace: true });
        },
      },
    );
  };

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!scheme) return <Navigate to={paths.home()} replace />;

  return (
    <div className="product-start">
      <PageHeader
        title={t('product.start.title', { name: scheme.name })}
        lead={t(`product.kind.${scheme.productKind}`)}
      />
      {start.isError && refusalReason(start.error) === 'MAX_DRIVEAWAY_POLICIES' ? (
        <DriveawayHeld />
      ) : start.isError && refusalReason(start.error) === 'ONE_QUOTE_PER_PRODUCT' ? (
        <QuoteHeld />
      ) : start.isError ? (
        <div className="card">
          <p>{tq('create.failed')}</p>
          <Button onClick={run}>{tq('create.retry')}</Button>
        </div>
      ) : (
        <Spinner label={tq('create.working')} isBlock />
      )}
      <p className="product-start__retrieve">
        {t('product.start.retrieve')}{' '}
        <Link to={paths.retrieve()}>{t('product.start.retrieveLink')}</Link>
      </p>
    </div>
  );
}
