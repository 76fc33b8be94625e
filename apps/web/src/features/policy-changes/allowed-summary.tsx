import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { describeEffectiveDate, formatMoney, getAmountDirection, type Quote } from '@motor/domain';
import { AmountChange } from '../../components/ui/amount-change';
import { PriceMoves } from '../../components/ui/price-explanation';
import { SummaryRow } from '../../components/ui/summary-row';
import { getImpersonatedUserId } from '../../lib/auth/impersonation';
import type { PolicyAdjustment } from './api/adjustment-api';

/**
 * When a change takes effect, against when the server made it (createdAt), never the phone's
 * clock: now, backdated (staff chose an earlier instant, such as the inception, even minutes
 * before) or from a later day.
 */
export const effectiveWhen = (adjustment: Pick<PolicyAdjustment, 'effectiveAt' | 'createdAt'>) =>
  describeEffectiveDate(adjustment.effectiveAt, adjustment.createdAt);

/** The review page's "Takes effect" value: Immediately, Backdated to …, or From …. */
const EFFECTIVE_KEYS = {
  now: 'review.effectiveNow',
  backdated: 'review.effectiveBackdated',
  from: 'review.effectiveFrom',
} as const;

/**
 * The allowed-change summary (spec 3 §4 items 3, 11): the premium before and after, what is due
 * (a debit, or a credit when below zero), and for a monthly policy the instalment change with the
 * difference joining the next monthly bill.
 */
export function AllowedSummary({
  adjustment,
  before,
}: {
  adjustment: PolicyAdjustment;
  /** The quote of the version the change replaces, to tell what moved the price. */
  before?: Quote;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  const direction = getAmountDirection(adjustment.amountDue);
  const amount = formatMoney(Math.abs(adjustment.amountDue));
  const isMonthly = adjustment.paymentScheduleType === 'MONTHLY';
  const when = effectiveWhen(adjustment);
  const after = adjustment.updatedPolicyVersions[0]?.quote;
  return (
    <section className="card policy-change__summary" aria-labelledby="change-summary-title">
      <h2 id="change-summary-title">{t('review.summaryTitle')}</h2>
      <dl className="summary-list">
        {/* A monthly policy's price is a year's: its months are paid from the change on. */}
        <SummaryRow term={t(isMonthly ? 'review.premiumYearly' : 'review.premium')}>
          <AmountChange
            previousAmount={adjustment.premiumBefore}
            currentAmount={adjustment.premiumAfter}
          />
        </SummaryRow>
        {isMonthly && adjustment.instalmentAfter !== null ? (
          <SummaryRow term={t('review.instalment')}>
            <AmountChange
              previousAmount={adjustment.instalmentBefore}
              currentAmount={adjustment.instalmentAfter}
            />
          </SummaryRow>
        ) : null}
        <SummaryRow term={t(`review.${direction}Label`)}>
          <strong>{amount}</strong>
        </SummaryRow>
        <SummaryRow term={t('review.effective')}>
          {t(EFFECTIVE_KEYS[when.kind], 'date' in when ? { date: when.date } : {})}
        </SummaryRow>
      </dl>
      <p>{t(`review.${direction}${isMonthly ? 'Monthly' : 'Single'}`, { amount })}</p>
      {before && after ? (
        <PriceMoves before={before} after={after} showTrace={getImpersonatedUserId() !== null} />
      ) : null}
    </section>
  );
}
