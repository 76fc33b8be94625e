import type { ReactNode } from 'react';

// One row of a summary list (`<dl className="summary-list">`): a term and its value kept in a
// wrapper so the pair lays out side by side (styles/policy.css). The policy, billing, renewal,
// change, cancellation and staff pages all list facts this way: one markup for all of them.

export function SummaryRow({
  term,
  children,
  valueClassName,
}: {
  term: ReactNode;
  children: ReactNode;
  /** A class for the value alone (e.g. a warning that nothing is set up). */
  valueClassName?: string;
}) {
  return (
    <div className="summary-list__row">
      <dt>{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
