import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { findSchemeByUrlName } from '../../lib/schemes';

// The index of a product: the create flow starts here (creating the proposal arrives with the
// proposals API).
export function ProductStartPage() {
  const { t } = useTranslation();
  const { productUrlName } = useParams();
  const scheme = findSchemeByUrlName(productUrlName);
  if (!scheme) return <Navigate to={paths.home()} replace />;
  const needs = t('product.start.need', { returnObjects: true }) as string[];

  return (
    <div className="product-start">
      <div className="page-header">
        <h1>{t('product.start.title', { name: scheme.name })}</h1>
        <p className="lead">{t(`product.kind.${scheme.productKind}`)}</p>
      </div>
      <section className="card" aria-labelledby="product-need-title">
        <h2 id="product-need-title">{t('product.start.needTitle')}</h2>
        <ul className="tick-list">
          {needs.map((need) => (
            <li key={need}>{need}</li>
          ))}
        </ul>
      </section>
      <p className="product-start__retrieve">
        {t('product.start.retrieve')}{' '}
        <Link to={paths.retrieve()}>{t('product.start.retrieveLink')}</Link>
      </p>
    </div>
  );
}
