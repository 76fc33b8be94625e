import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { brand } from '../../../lib/brand';

export function ProductStartCards() {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="home-products-title">
      <h2 id="home-products-title">{t('home.products.title')}</h2>
      <ul className="card-grid">
        {brand.schemes.map((scheme) => (
          <li key={scheme.schemeCode} className="card product-card">
            <h3 className="card__title">{scheme.name}</h3>
            <p>{t(`product.kind.${scheme.productKind}`)}</p>
            <Link className="btn btn--primary" to={paths.product(scheme.urlName)}>
              {t('home.products.cta', { name: scheme.name })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
