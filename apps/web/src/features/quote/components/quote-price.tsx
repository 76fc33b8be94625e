import { useTranslation } from 'react-i18next';
import { billedInstalment, laterFirstDiscountedMonth, ordinalOf } from '@motor/domain';
import { LineItem, LineItemList } from '../../../components/ui/line-item';
import { PremiumDisplay } from '../../../components/ui/premium-display';
import type { ProductConfig } from '../../../lib/brand-products';
import type { Proposal } from '../api/get-proposal';
import { getActiveSchedule } from '../proposal-rules';

/** The headline price: the monthly instalment for flex, the total otherwise, 'Free' when free. */
export function QuoteHeadline({
  proposal,
  product,
}: {
  proposal: Proposal;
  product: ProductConfig;
}) {
  const { t } = useTranslation('quote');
  const { type, premiumBreakdown } = getActiveSchedule(proposal);
  if (product.free) {
    return (
      <div className="premium-display">
        <p className="premium-display__header">{t('config.premium.single')}</p>
        <p className="premium-display__amount">{t('config.premium.free')}</p>
      </div>
    );
  }
  const isMonthly = type === 'MONTHLY';
  return (
    <PremiumDisplay
      header={isMonthly ? t('config.premium.monthly') : t('config.premium.single')}
      currentAmount={
        isMonthly ? premiumBreakdown.instalmentAmount : proposal.quote.totals.discounted
      }
      suffix={isMonthly ? t('config.premium.perMonth') : undefined}
    />
  );
}

/** The price of the active schedule: monthly instalment for flex, the total otherwise. */
export function QuotePrice({ proposal, product }: { proposal: Proposal; product: ProductConfig }) {
  const { t } = useTranslation('quote');
  const { type, premiumBreakdown } = getActiveSchedule(proposal);
  const discounted = proposal.quote.totals.discounted;
  const loyaltyFrom = laterFirstDiscountedMonth(proposal.quote);
  if (product.free) return <p>{t('config.premium.freeNote')}</p>;
  return (
    <>
      <LineItemList>
        {type === 'MONTHLY' && premiumBreakdown.deposit !== premiumBreakdown.instalmentAmount ? (
          // The first instalment takes the odd pennies, so the payments add up to the total.
          <LineItem
            header={t('config.premium.firstPayment')}
            currentAmount={premiumBreakdown.deposit}
          />
        ) : null}
        {type === 'MONTHLY' ? (
          <LineItem
            header={t('config.premium.monthly')}
            currentAmount={premiumBreakdown.instalmentAmount}
          />
        ) : null}
        {type === 'MONTHLY' && loyaltyFrom !== null ? (
          // A loyalty discount: the later months bill less, as their invoices will.
          <LineItem
            header={t('config.premium.monthlyFrom', { month: ordinalOf(loyaltyFrom) })}
            previousAmount={premiumBreakdown.instalmentAmount}
            currentAmount={billedInstalment(
              premiumBreakdown.instalmentAmount,
              proposal.quote,
              loyaltyFrom,
            )}
          />
        ) : null}
        <LineItem
          header={t('config.premium.single')}
          previousAmount={
            discounted < premiumBreakdown.totalPremium ? premiumBreakdown.totalPremium : null
          }
          currentAmount={discounted}
        />
      </LineItemList>
      {product.priceGuaranteeMonths ? (
        <p className="text-muted">
          {t('config.premium.guarantee', { months: product.priceGuaranteeMonths })}
        </p>
      ) : null}
      <p className="text-muted">{t('config.premium.tax', { rate: product.iptRatePercent })}</p>
    </>
  );
}
