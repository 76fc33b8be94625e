import type { ReactElement, ReactNode } from 'react';
import { AmountChange } from './amount-change';

export type PremiumDisplayProps = {
  header: ReactNode;
  /** Pence. Shown struck out when it differs from currentAmount. */
  previousAmount?: number | null;
  /** Pence. */
  currentAmount: number;
  /** e.g. 'per month'. */
  suffix?: ReactNode;
};

/** Headline premium: header, optional struck-out previous amount, current amount. */
export function PremiumDisplay({
  header,
  previousAmount,
  currentAmount,
  suffix,
}: PremiumDisplayProps): ReactElement {
  return (
    <div className="premium-display">
      <p className="premium-display__header">{header}</p>
      <p className="premium-display__amount">
        <AmountChange previousAmount={previousAmount} currentAmount={currentAmount} />
        {suffix ? <span className="premium-display__suffix"> {suffix}</span> : null}
      </p>
    </div>
  );
}
