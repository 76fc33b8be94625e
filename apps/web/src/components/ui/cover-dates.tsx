import type { ReactNode } from 'react';
import { describePolicyTerm } from '@motor/domain';
import { formatDate } from '../../lib/format';

// The quote's cover dates as rows of a description list: when cover starts, how long the term
// is and, unless it renews on its own (a subscription), when it ends. The new-business
// configuration and summary pages and the renewal quote say the same facts in their own words.

type Props = {
  cover: { startAt?: string | null; endAt?: string | null; policyTerm: string };
  productKind: string;
  /** Each row's term, in the page's words. */
  label: (row: 'start' | 'term' | 'end') => string;
  /** False where the end is not shown (the renewal says only when the new term starts). */
  showEnd?: boolean;
  /** What the start row says instead of the date (e.g. "today"). */
  start?: ReactNode;
  rowClassName?: string;
};

export function CoverDates(props: Props) {
  const { cover, productKind, label, start, rowClassName, showEnd = true } = props;
  const dateOrDash = (at?: string | null) => (at ? formatDate(at) : '—');
  return (
    <>
      <div className={rowClassName}>
        <dt>{label('start')}</dt>
        <dd>{start ?? dateOrDash(cover.startAt)}</dd>
      </div>
      <div className={rowClassName}>
        <dt>{label('term')}</dt>
        <dd>{describePolicyTerm({ policyTerm: cover.policyTerm, productKind })}</dd>
      </div>
      {!showEnd || productKind === 'SUBSCRIPTION' ? null : (
        <div className={rowClassName}>
          <dt>{label('end')}</dt>
          <dd>{dateOrDash(cover.endAt)}</dd>
        </div>
      )}
    </>
  );
}
