import type { ReactNode } from 'react';
import { describePolicyTerm } from '@motor/domain';
import { formatDate } from '../../lib/format';

// The quote's cover dates as rows of a description list: when cover starts, how long the term
// is and, unless it renews on its own (a subscription), when it ends. The new-business
// configuration and summary pages and the renewal quote say the same facts in their own words.

type Props = {
  cover: { startAt?: string | null; endAt?: string | null; policyTerm: string };
  productKind: string;
  /** Each row's term; without `end` there is no end row. */
  labels: { start: string; term: string; end?: string };
  /** What the start row says instead of the date (e.g. "today"). */
  start?: ReactNode;
  rowClassName?: string;
};

export function CoverDates({ cover, productKind, labels, start, rowClassName }: Props) {
  const dateOrDash = (at?: string | null) => (at ? formatDate(at) : '—');
  return (
    <>
      <div className={rowClassName}>
        <dt>{labels.start}</dt>
        <dd>{start ?? dateOrDash(cover.startAt)}</dd>
      </div>
      <div className={rowClassName}>
        <dt>{labels.term}</dt>
        <dd>{describePolicyTerm({ policyTerm: cover.policyTerm, productKind })}</dd>
      </div>
      {labels.end === undefined || productKind === 'SUBSCRIPTION' ? null : (
        <div className={rowClassName}>
          <dt>{labels.end}</dt>
          <dd>{dateOrDash(cover.endAt)}</dd>
        </div>
      )}
    </>
  );
}
