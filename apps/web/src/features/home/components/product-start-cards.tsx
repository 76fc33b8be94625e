import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { brand, brandFeatures } from '../../../lib/brand';
import { CardSection } from './card-section';

/**
 * A start card per product. With multiQuote on a customer may hold several quotes per product;
 * with it off, a product they already have a live quote or a policy of offers no second one
 * (spec 3 §4: 'a scheme with an existing proposal or policy'). A policy that has ended counts no
 * more: its holder needs new cover, and the quote is how they get it. A Driveaway
 * product the customer already has a policy of is not offered at all: there is one Driveaway
 * policy per customer (spec 2 §4), and its product page says so (issue 31 item 8).
 */
export function ProductStartCards({
  schemeCodesInProgress = [],
  schemeCodesHeld = [],
  schemeCodesInForce = [],
  isMore = false,
}: {
  schemeCodesInProgress?: readonly string[];
  /** Schemes the customer has (or had) a policy of. */
  schemeCodesHeld?: readonly string[];
  /** Schemes the customer has a policy of that has not ended (on cover or about to be). */
  schemeCodesInForce?: readonly string[];
  isMore?: boolean;
}) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const schemes = brand.schemes
    .filter(
      (scheme) =>
        brandFeatures.multiQuote ||
        ![...schemeCodesInProgress, ...schemeCodesInForce].includes(scheme.schemeCode),
    )
    .filter(
      (scheme) =>
        scheme.productKind !== 'DRIVEAWAY' || !schemeCodesHeld.includes(scheme.schemeCode),
    );
  if (schemes.length === 0) return null;
  return (
    <CardSection
      titleId="home-products-title"
      title={t(isMore ? 'products.titleMore' : 'products.title')}
    >
      {schemes.map((scheme) => (
        <li key={scheme.schemeCode} className="card product-card">
          <h3 className="card__title">{scheme.name}</h3>
          <p>{tc(`product.kind.${scheme.productKind}`)}</p>
          <Link className="btn btn--primary" to={paths.product(scheme.urlName)}>
            {t('products.cta', { name: scheme.name })}
          </Link>
        </li>
      ))}
    </CardSection>
  );
}
