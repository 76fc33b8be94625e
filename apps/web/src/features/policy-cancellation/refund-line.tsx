import { useTranslation } from 'react-i18next';
import { formatMoney, getAmountDirection } from '@motor/domain';

/** What a cancellation does to the customer's money: a refund (a credit), nothing, or an amount owed. */
export function RefundLine({ amountDue }: { amountDue: number }) {
  const { t } = useTranslation('cancellation');
  if (amountDue === 0) return <>{t('confirm.nothingToRefund')}</>;
  const amount = formatMoney(Math.abs(amountDue));
  return (
    <>
      {getAmountDirection(amountDue) === 'credit'
        ? t('confirm.refund', { amount })
        : t('confirm.owed', { amount })}
    </>
  );
}
