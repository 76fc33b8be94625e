import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { brand } from '../../lib/brand';
import { findSchemeByUrlName } from '../../lib/schemes';
import { useStartProposal } from './use-start-proposal';

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

  const run = () => {
    if (!scheme) return;
    start.mutate(
      { schemeCode: scheme.schemeCode, brand: brand.brandCode, search, isAuthenticated },
      {
        onSuccess: (proposal) =>
          void navigate(paths.proposal(scheme.urlName, proposal.proposalCode), { replace: true }),
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
      <div className="page-header">
        <h1>{t('product.start.title', { name: scheme.name })}</h1>
        <p className="lead">{t(`product.kind.${scheme.productKind}`)}</p>
      </div>
      {start.isError ? (
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
