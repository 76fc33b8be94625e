import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@motor/domain';

export type AmountChangeProps = { previousAmount?: number | null; currentAmount: number };

/** Current amount, preceded by the struck-out previous amount when it differs (pence). */
export function AmountChange({ previousAmount, currentAmount }: AmountChangeProps): ReactElement {
  const { t } = useTranslation('ui');
  const hasChanged =
    previousAmount !== undefined && previousAmount !== null && previousAmount !== currentAmount;
  return (
    <span className="amount-change">
      {hasChanged ? (
        <>
          <span className="visually-hidden">{t('premium.was')} </span>
          <s className="amount-change__previous">{formatMoney(previousAmount)}</s>{' '}
          <span className="visually-hidden">{t('premium.now')} </span>
        </>
      ) : null}
      <span className="amount-change__current">{formatMoney(currentAmount)}</span>
    </span>
  );
}
