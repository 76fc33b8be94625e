import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { brand } from '../../../lib/brand';
import { formatDate, formatPlate } from '../../../lib/format';
import type { Proposal } from '../api/get-proposal';
import { QuoteHeadline } from '../components/quote-price';
import { getPolicyholderName, getVehicle, getVehicleName } from '../proposal-rules';
import { useQuoteContext } from '../use-quote-context';
import { PageHeader } from '../../../components/ui/page-header';

/**
 * The Driveaway-to-Flex upgrade offer (spec 2 §2, QUOTE sub-route upgrade). On the flex quote
 * made for a driveaway policy as it ends (an upsell: it names the driveaway proposal it came
 * from), the offer itself: its price, the car and driver it was pre-filled with, and the choice
 * to check and buy it or not; nothing is bought without the customer. On a driveaway quote, the
 * invitation to start a subscription quote instead.
 */
export function UpgradePage({ proposal }: { proposal: Proposal }) {
  return proposal.sourceProposal ? (
    <UpsellOffer proposal={proposal} />
  ) : (
    <SubscriptionInvitation proposal={proposal} />
  );
}

function UpsellOffer({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const { product, pathTo } = useQuoteContext(proposal);
  const benefits = t('upgrade.benefits', { returnObjects: true }) as string[];
  const vrn = getVehicle(proposal)?.vrn;
  const registration = vrn ? formatPlate(vrn) : null;
  const car = [registration, getVehicleName(proposal)].filter(Boolean).join(' · ');
  const drivers = proposal.quote.insuredProfiles.length;
  return (
    <div className="quote-page quote-page--narrow upsell-offer">
      <div className="page-header">
        <h1>{t('upgrade.title')}</h1>
        <p className="lead">
          {proposal.startAt
            ? t('upgrade.offer.intro', { date: formatDate(proposal.startAt) })
            : t('upgrade.offer.introUndated')}
        </p>
      </div>
      <section className="card quote-section" aria-labelledby="upsell-offer-quote">
        <h2 id="upsell-offer-quote" className="card__title">
          {t('upgrade.offer.quoteTitle')}
        </h2>
        <QuoteHeadline proposal={proposal} product={product} />
        <dl className="quote-facts">
          {car ? (
            <div>
              <dt>{t('upgrade.offer.car')}</dt>
              <dd>{car}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('upgrade.offer.policyholder')}</dt>
            <dd>{getPolicyholderName(proposal) ?? '—'}</dd>
          </div>
          {drivers > 1 ? (
            <div>
              <dt>{t('upgrade.offer.drivers')}</dt>
              <dd>{t('upgrade.offer.driverCount', { count: drivers })}</dd>
            </div>
          ) : null}
        </dl>
        <ul className="tick-list">
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>
      <p>{t('upgrade.offer.consent')}</p>
      <p className="link-row">
        <Link className="btn btn--primary" to={pathTo()}>
          {t('upgrade.offer.cta')}
        </Link>
        <Link className="btn btn--secondary" to={paths.home()}>
          {t('upgrade.offer.decline')}
        </Link>
      </p>
    </div>
  );
}

function SubscriptionInvitation({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const { pathTo } = useQuoteContext(proposal);
  const subscription = brand.schemes.find((scheme) => scheme.productKind === 'SUBSCRIPTION');
  const benefits = t('upgrade.benefits', { returnObjects: true }) as string[];
  return (
    <div className="quote-page quote-page--narrow">
      <PageHeader title={t('upgrade.title')} lead={t('upgrade.intro')} />
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
