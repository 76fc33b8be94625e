import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerAccountResponse } from '@motor/contract';
import { formatDate, formatPence } from '../../lib/format';

/**
 * The first payment of a Direct Debit purchase, asked for at purchase (spec 2 §4.4): how much and
 * the day it leaves the customer's bank, while it is on its way. Nothing to pay by card for it.
 */
export function FirstCollectionNotice({
  account,
}: {
  account: CustomerAccountResponse;
}): ReactElement | null {
  const { t } = useTranslation('billing');
  const first = account.firstCollection;
  if (!first) return null;
  return (
    <p className="notice billing-first-collection">
      {t('firstCollection', {
        amount: formatPence(first.amountPence),
        date: formatDate(first.chargeDate),
      })}
    </p>
  );
}
