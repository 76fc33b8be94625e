import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementSummaryResponse } from '@motor/contract';
import { formatPence } from '../../lib/format';

// A simple chart of what each month billed (the statements' charges and credits, never money
// still with a provider; oldest first): plain CSS bars hidden from assistive technology, with
// the same figures as a table for it.

const month = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function MonthlyChart({
  statements,
}: {
  statements: readonly StatementSummaryResponse[];
}): ReactElement {
  const { t } = useTranslation('billing');
  const titleId = useId();
  // One bar per billing month: a month's statements (its bill, a cancellation's credit note, a
  // journal) add up to what was billed that month.
  const byMonth = new Map<string, number>();
  for (const statement of [...statements].reverse()) {
    if (statement.status === 'DRAFT') continue;
    const label = month.format(new Date(statement.createdAt));
    const billed = statement.statementBalance - statement.broughtForwardBalance;
    byMonth.set(label, (byMonth.get(label) ?? 0) + billed);
  }
  const bars = [...byMonth].map(([label, amount]) => ({
    key: label,
    label,
    amount: Math.max(0, amount),
  }));
  const highest = Math.max(1, ...bars.map((bar) => bar.amount));
  return (
    <section className="card billing-chart" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('chart.title')}</h3>
      {bars.length === 0 ? (
        <p>{t('chart.none')}</p>
      ) : (
        <>
          <div className="billing-chart__bars" aria-hidden="true">
            {bars.map((bar) => (
              <div key={bar.key} className="billing-chart__bar">
                <span
                  className="billing-chart__fill"
                  style={{ height: `${Math.round((bar.amount / highest) * 100)}%` }}
                />
                <span className="billing-chart__label">{bar.label}</span>
              </div>
            ))}
          </div>
          <table className="visually-hidden">
            <caption>{t('chart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.month')}</th>
                <th scope="col">{t('chart.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.key}>
                  <th scope="row">{bar.label}</th>
                  <td>{formatPence(bar.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
