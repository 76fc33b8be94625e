import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProposalResponse } from '@motor/contract';
import { LineItem, LineItemList } from './line-item';

/** The excess lines of a quote (compulsory, endorsements, voluntary), by category. */
export function ExcessLines({
  excess,
}: {
  excess: ProposalResponse['quote']['excess'];
}): ReactElement {
  const { t } = useTranslation('quote');
  return (
    <LineItemList>
      {excess.map((item) => (
        <LineItem
          key={item.excessCategory}
          header={t(`config.excess.categories.${item.excessCategory}`, {
            defaultValue: item.excessCategory,
          })}
          currentAmount={item.excess}
        />
      ))}
    </LineItemList>
  );
}
