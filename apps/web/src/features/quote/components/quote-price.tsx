import { useTranslation } from 'react-i18next';
import { LineItem, LineItemList } from '../../../components/ui/line-item';
import type { ProductConfig } from '../../../lib/brand';
import type { Proposal } from '../api/get-proposal';
import { getActiveSchedule } from '../proposal-rules';

/** The price of the active schedule: monthly instalment for flex, the total otherwise. */
export function QuotePrice({ proposal, product }: { proposal: Proposal; product: ProductConfig }) {
  const { t } = useTranslation('quote');
  const { type, premiumBreakdown } = getActiveSchedule(proposal);
  const discounted = proposal.quote.totals.discounted;
  const isMonthly = type === 'MONTHLY';
  return (
    <>
      <LineItemList>
        {isMonthly ? (
          <LineItem
            header={t('config.premium.monthly')}
            currentAmount={premiumBreakdown.instalmentAmount}
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
