import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementResponse } from '@motor/contract';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { SummaryRow } from '../../components/ui/summary-row';
import { formatDate, formatPence } from '../../lib/format';
import { useStatement } from './billing-api';
import { StatementStatusIcon } from './statement-status-icon';

// The statement modal (spec 3 §2 Modals "statement", "next bill estimate"): the summary and the
// line items, each with its description, service period, payment method, status and amount.

/** A payment, refund or reversal: money that counts only once its provider has settled it. */
const isMoneyLine = (type: StatementResponse['lineItems'][number]['type']) =>
  type === 'PAYMENT' ||
  type === 'PAYMENT_REVERSAL' ||
  type === 'REFUND' ||
  type === 'REFUND_REVERSAL';

function StatementBody({ statement }: { statement: StatementResponse }): ReactElement {
  const { t } = useTranslation('billing');
  const summary = statement.statementSummary;
  // Brought forward + subtotal = carried forward, exactly as shown (issue 30 item 5).
  const rows: [string, number][] = [
    ['broughtForward', summary.broughtForwardBalance],
    ['subtotal', summary.subtotalBalance],
    ['carriedForward', summary.carriedForwardBalance],
    ['outstanding', summary.amountOutstanding],
  ];
  const hasPending = statement.lineItems.some(
    (item) => item.status === 'PENDING' && isMoneyLine(item.type),
  );
  return (
    <div className="statement">
      <p className="statement__status">
        <StatementStatusIcon status={summary.status} />
        <span>{t(`status.${summary.status}`)}</span>
        {' · '}
        <span>{t('statement.created', { date: formatDate(summary.createdAt) })}</span>
      </p>
      <dl className="summary-list">
        {rows.map(([key, amount]) => (
          <SummaryRow key={key} term={t(`statement.${key}`)}>
            {formatPence(amount)}
          </SummaryRow>
        ))}
        {summary.paymentDueAt ? (
          <SummaryRow term={t('statement.dueAt')}>{formatDate(summary.paymentDueAt)}</SummaryRow>
        ) : null}
      </dl>
      {summary.final ? <p>{t('statement.final')}</p> : null}
      {hasPending ? <p>{t('statement.pendingNote')}</p> : null}
      {statement.lineItems.length === 0 ? (
        <p>{t('statement.noItems')}</p>
      ) : (
        // A narrow screen scrolls the table sideways; a scrolling region must be focusable so
        // that a keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
        <div
          className="statement__scroll"
          role="region"
          aria-label={t('statement.lineItems')}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table className="statement__items">
            <caption>{t('statement.lineItems')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('statement.columns.description')}</th>
                <th scope="col">{t('statement.columns.period')}</th>
                <th scope="col">{t('statement.columns.method')}</th>
                <th scope="col">{t('statement.columns.status')}</th>
                <th scope="col" className="statement__amount">
                  {t('statement.columns.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.lineItems.map((item, index) => (
                <tr key={`${item.effectiveAt}-${index}`}>
                  <td>{t(item.descriptionKey, { defaultValue: item.descriptionValue ?? '' })}</td>
                  <td>
                    {item.servicePeriodStart && item.servicePeriodEnd
                      ? t('statement.period', {
                          start: formatDate(item.servicePeriodStart),
                          end: formatDate(item.servicePeriodEnd),
                        })
                      : formatDate(item.effectiveAt)}
                  </td>
                  <td>{item.paymentMethodDescription ?? ''}</td>
                  <td>
                    {item.status === 'PENDING' && isMoneyLine(item.type) ? (
                      <StatementStatusIcon status="PENDING" decorative />
                    ) : null}
                    {t(`lineStatus.${item.status}`)}
                  </td>
                  <td className="statement__amount">{formatPence(item.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** One stored statement (fetched by its number), or the next-bill estimate as given. */
export function StatementModal({
  accountId,
  statementNumber,
  estimate,
  onClose,
}: {
  accountId: string;
  statementNumber: string | null;
  estimate?: StatementResponse;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation('billing');
  const query = useStatement(accountId, estimate ? null : statementNumber);
  const statement = estimate ?? query.data;
  const title = estimate
    ? t('statement.estimateTitle')
    : t('statement.title', { number: statementNumber ?? '' });
  return (
    <Modal isOpen onClose={onClose} title={title} closeLabel={t('statement.close')}>
      {statement ? (
        <StatementBody statement={statement} />
      ) : query.isError ? (
        <p role="alert">{t('statement.loadFailed')}</p>
      ) : (
        <Spinner isBlock />
      )}
    </Modal>
  );
}
