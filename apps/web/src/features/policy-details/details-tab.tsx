import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  formatMoney,
  getDisplayedPolicyEndDate,
  laterFirstDiscountedMonth,
  ordinalOf,
} from '@motor/domain';
import { CollapsibleSection } from '../../components/ui/collapsible-section';
import { ContentLink } from '../../components/ui/content-link';
import { CoverList } from '../../components/ui/cover-list';
import { optionalCoverPageUrl } from '../../components/ui/help-link';
import { Notification } from '../../components/ui/notification';
import { SummaryRow } from '../../components/ui/summary-row';
import { getProductConfig } from '../../lib/brand-products';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { findSchemeByCode } from '../../lib/schemes';
import type { Policy } from '../../lib/policy/get-policy';
import type { PolicyEditLinks } from '../../lib/policy/edit-links';
import { describeCar, listDrivers } from '../../lib/policy/policy-facts';
import { AutoRenewalSection } from './auto-renewal-section';
import { DeferredCancellationNotice, isCancellationPending } from './deferred-cancellation-notice';
import { EditLink } from './edit-link';
import { MidNotice } from './mid-notice';
import { RenewalBanner } from './renewal-banner';
import { TitledCard } from '../../components/ui/titled-card';

// The details tab (spec 3 §2): cancellation notice, promotion banner, a sidebar (what is
// included, how to cancel, uploads), the policy summary, auto-renewal, cover, how the product
// works (its howItWorks configuration, folded away), add-ons and excess.

/**
 * The tab takes from the page what other features own: where its "Change" links go (the changes
 * feature works them out) and the sidebar's way to cancel (the cancellation feature's card).
 */
export function DetailsTab({
  policy,
  editLinks,
  cancelCard,
}: {
  policy: Policy;
  editLinks: PolicyEditLinks;
  cancelCard: React.ReactNode;
}) {
  const { t } = useTranslation('servicing');
  const { t: tQuote } = useTranslation('quote');
  const scheme = findSchemeByCode(policy.schemeCode);
  const product = getProductConfig(policy.schemeCode);
  const { policyDetail } = policy;
  const quote = policy.currentPolicyVersion?.quote;
  const car = describeCar(policy);
  const drivers = listDrivers(policy);
  const endDate = getDisplayedPolicyEndDate(policyDetail);
  const covers = quote?.covers ?? [];
  const included = covers.filter((cover) => cover.coverType === 'MAIN' && cover.active);
  const optional = covers.filter((cover) => cover.coverType === 'OPTIONAL');
  const excess = quote?.excess ?? [];
  // A loyalty discount comes off from a later month (the 7th): the banner says which.
  const promotionFrom = laterFirstDiscountedMonth(quote);
  const voluntary = excess.find((line) => line.excessCategory === 'voluntary')?.excess ?? 0;
  // One row per amount (issue 31 item 10): accidental damage and fire and theft as the total paid
  // per claim (the voluntary excess added in, not listed again), then the other excesses.
  const withVoluntary = ['ACCIDENTAL_DAMAGE', 'FIRE_AND_THEFT'];
  const excessRows = excess
    .filter((line) => line.excessCategory !== 'voluntary')
    .map((line) => ({
      ...line,
      excess: line.excess + (withVoluntary.includes(line.excessCategory) ? voluntary : 0),
    }));
  const uploadTypes = Object.keys(product.uploads);
  const root = paths.policy(scheme?.urlName ?? '', policy.policyId);
  const category = (code: string) =>
    tQuote(`config.excess.categories.${code}`, { defaultValue: code });

  return (
    <div className="policy-details">
      <div className="policy-details__main">
        {policyDetail.terminatedAt && isCancellationPending(policy, new Date()) ? (
          <DeferredCancellationNotice terminatedAt={policyDetail.terminatedAt} />
        ) : policyDetail.terminatedAt ? (
          <Notification variant="warning" title={t('details.cancelledTitle')}>
            {t('details.cancelled', { date: formatDate(policyDetail.terminatedAt) })}
          </Notification>
        ) : null}
        <RenewalBanner policy={policy} />
        <MidNotice policy={policy} />
        {quote?.promoCode ? (
          <Notification variant="success" title={t('details.promotionTitle')}>
            {quote.promotionMonthlyDiscountPence
              ? promotionFrom !== null
                ? t('details.promotionFromMonth', {
                    amount: formatMoney(quote.promotionMonthlyDiscountPence),
                    month: ordinalOf(promotionFrom),
                  })
                : t('details.promotion', {
                    amount: formatMoney(quote.promotionMonthlyDiscountPence),
                  })
              : t('details.promotionApplied')}
          </Notification>
        ) : null}

        <TitledCard titleId="policy-summary-title" title={t('details.summary.title')}>
          <EditLink to={editLinks.policy} target="policy" standalone />
          <dl className="summary-list">
            <SummaryRow term={t('details.summary.product')}>
              {scheme?.name ?? policy.schemeCode}
            </SummaryRow>
            <SummaryRow term={t('details.summary.number')}>{policy.policyNumber}</SummaryRow>
            <SummaryRow term={t('details.summary.car')}>
              {[car.registration, car.name].filter(Boolean).join(', ') || '—'}{' '}
              <EditLink to={editLinks.car} target="car" />
            </SummaryRow>
            <SummaryRow term={t('details.summary.drivers')}>
              <ul className="plain-list">
                {drivers.map((driver) => (
                  <li key={driver.name}>
                    {driver.isPolicyholder
                      ? t('details.summary.policyholder', { name: driver.name })
                      : driver.name}
                  </li>
                ))}
              </ul>
              <EditLink to={editLinks.drivers} target="drivers" />
            </SummaryRow>
            <SummaryRow term={t('details.summary.starts')}>
              {policyDetail.inceptedAt ? formatDate(policyDetail.inceptedAt) : '—'}{' '}
              <EditLink to={editLinks.startDate} target="startDate" />
            </SummaryRow>
            <SummaryRow term={t('details.summary.ends')}>
              {endDate ? formatDate(endDate) : '—'}
            </SummaryRow>
          </dl>
        </TitledCard>

        <AutoRenewalSection policy={policy} product={product} />

        <TitledCard titleId="policy-cover-title" title={t('details.cover.title')}>
          {scheme ? (
            <CoverList codes={included.map((cover) => cover.code)} product={scheme} />
          ) : null}
        </TitledCard>

        <div className="card">
          <CollapsibleSection
            headingLevel={2}
            title={t('details.howItWorks', { name: scheme?.name ?? policy.schemeCode })}
          >
            <ol>
              {product.howItWorks.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </CollapsibleSection>
        </div>

        {optional.length > 0 ? (
          <TitledCard titleId="policy-addons-title" title={t('details.addOns.title')}>
            <EditLink to={editLinks.addOns} target="addOns" />
            <dl className="summary-list">
              {optional.map((cover) => (
                <SummaryRow
                  key={cover.code}
                  term={
                    <ContentLink
                      href={optionalCoverPageUrl(cover.code)}
                      title={tQuote(`covers.${cover.code}`)}
                    >
                      {tQuote(`covers.${cover.code}`)}
                    </ContentLink>
                  }
                >
                  {cover.active ? t('details.addOns.added') : t('details.addOns.notAdded')}
                </SummaryRow>
              ))}
            </dl>
          </TitledCard>
        ) : null}

        <TitledCard titleId="policy-excess-title" title={t('details.excess.title')}>
          <EditLink to={editLinks.excess} target="excess" />
          <h3>{t('details.excess.totalTitle')}</h3>
          <p className="text-muted">
            {t('details.excess.totalIntro', {
              voluntary: formatMoney(voluntary, { style: 'short' }),
            })}
          </p>
          <dl className="summary-list">
            {excessRows.map((line) => (
              <SummaryRow key={line.excessCategory} term={category(line.excessCategory)}>
                <strong>{formatMoney(line.excess, { style: 'short' })}</strong>
              </SummaryRow>
            ))}
          </dl>
        </TitledCard>
      </div>

      <aside className="policy-details__sidebar" aria-label={t('details.sidebar.label')}>
        <section className="card">
          <h2>{t('details.sidebar.benefitsTitle')}</h2>
          <ul className="tick-list">
            {included.slice(0, 5).map((cover) => (
              <li key={cover.code}>{tQuote(`covers.${cover.code}`)}</li>
            ))}
          </ul>
        </section>
        {uploadTypes.length > 0 ? (
          <section className="card">
            <h2>{t('details.sidebar.uploadsTitle')}</h2>
            <p>{t('details.sidebar.uploadsIntro')}</p>
            <ul className="link-list">
              {uploadTypes.map((type) => (
                <li key={type}>
                  <Link to={`${root}/uploads/${type}`}>
                    {t(`uploads.${type}`, { defaultValue: type })}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {cancelCard}
      </aside>
    </div>
  );
}
