import type { ReactElement, ReactNode } from 'react';
import { AmountChange } from './amount-change';

export type LineItemProps = {
  header: ReactNode;
  /** Pence. Shown struck out when it differs from currentAmount. */
  previousAmount?: number | null;
  /** Pence. */
  currentAmount: number;
};

/** One premium line (spec 1 §3 UI shapes): header and amounts on a row. */
export function LineItem({ header, previousAmount, currentAmount }: LineItemProps): ReactElement {
  return (
    <div className="line-item">
      <dt className="line-item__header">{header}</dt>
      <dd className="line-item__amount">
        <AmountChange previousAmount={previousAmount} currentAmount={currentAmount} />
      </dd>
    </div>
  );
}

export type LineItemListProps = { children: ReactNode; className?: string };

/** Description list wrapper for LineItem rows. */
export function LineItemList({ children, className }: LineItemListProps): ReactElement {
  return <dl className={className ? `line-items ${className}` : 'line-items'}>{children}</dl>;
}
