import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { brand } from '../../../lib/brand';
import type { Proposal } from '../api/get-proposal';
import { useQuoteContext } from '../use-quote-context';

/** The Driveaway-to-Flex upgrade offer: start a subscription quote, or go back to this one. */
export function UpgradePage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const { pathTo } = useQuoteContext(proposal);
  const subscription = brand.schemes.find((scheme) => scheme.productKind === 'SUBSCRIPTION');
  const benefits = t('upgrade.benefits', { returnObjects: true }) as string[];
  return (
    <div className="quote-page quote-page--narrow">
      <div className="page-header">
        <h1>{t('upgrade.title')}</h1>
        <p className="lead">{t('upgrade.intro')}</p>
      </div>
      <section className="card quote-section">
        <ul className="tick-list">
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>
      <p className="link-row">
        {subscription ? (
          <Link className="btn btn--primary" to={paths.product(subscription.urlName)}>
            {t('upgrade.cta')}
          </Link>
        ) : null}
        <Link className="btn btn--secondary" to={pathTo()}>
          {t('upgrade.decline')}
        </Link>
      </p>
    </div>
  );
}
