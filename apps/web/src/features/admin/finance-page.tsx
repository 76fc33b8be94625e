import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceReportResponse } from '@motor/contract';
import { Button } from '../../components/ui/button';
import { formatDate, formatPence } from '../../lib/format';
import { findSchemeByCode } from '../../lib/schemes';
import { InsurerReports } from './insurer-reports';
import { ReportTable } from '../../components/ui/scrolling-table';
import { NamedStaffReport, StaffCard } from './staff-report';

/** A table's cell: words, a count, or an amount (shown as money, written in pounds in the CSV). */
type Cell = string | number | { pence: number };

const shown = (cell: Cell) => (typeof cell === 'object' ? formatPence(cell.pence) : String(cell));
const written = (cell: Cell) => (typeof cell === 'object' ? (cell.pence / 100).toFixed(2) : cell);

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvField = (value: string | number) =>
  /[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value);

/** Saves rows as a CSV file: amounts in pounds with pence, as a spreadsheet reads them. */
function downloadCsv(fileName: string, rows: readonly (readonly (string | number)[])[]) {
  const text = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  const url = URL.createObjectURL(new Blob([`${text}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * One table of the page: its heading, the table itself (each row headed by its first cell), and
 * its CSV beside it, the same rows without the footer; with no rows, its `none` words instead.
 */
function FinanceTable(props: {
  id: string;
  /** Where its words are, under `finance.`: its title, caption, columns and none. */
  texts: string;
  columns: string[];
  captionValues?: Record<string, string>;
  rows: { key: string; cells: [Cell, ...Cell[]] }[];
  foot?: [Cell, ...Cell[]];
  csvName: string;
  /** Its words when there are no rows (else an empty table). */
  hasNone?: boolean;
}): ReactElement {
  const { t } = useTranslation('admin');
  const text = (name: string, values?: Record<string, string>) =>
    t(`finance.${props.texts}.${name}`, values);
  const title = text('title');
  const head = props.columns.map((column) => text(column));
  const row = ([header, ...cells]: [Cell, ...Cell[]]) => (
    <>
      <th scope="row">{shown(header)}</th>
      {cells.map((cell, index) => (
        <td key={head[index + 1]}>{shown(cell)}</td>
      ))}
    </>
  );
  return (
    <StaffCard
      titleId={`${props.id}-title`}
      title={title}
      count={props.rows.length}
      none={props.hasNone ? text('none') : undefined}
    >
      <ReportTable
        caption={text('caption', props.captionValues)}
        className="finance-table"
        columns={head}
        foot={
          props.foot ? (
            <tfoot>
              <tr>{row(props.foot)}</tr>
            </tfoot>
          ) : null
        }
      >
        {props.rows.map(({ key, cells }) => (
          <tr key={key}>{row(cells)}</tr>
        ))}
      </ReportTable>
      <Button
        variant="inverted"
        layout="small"
        onClick={() =>
          downloadCsv(props.csvName, [head, ...props.rows.map(({ cells }) => cells.map(written))])
        }
      >
        {t('finance.download', { table: title.toLowerCase() })}
      </Button>
    </StaffCard>
  );
}

function Report({ report }: { report: FinanceReportResponse }) {
  const { t } = useTranslation('admin');
  const product = (schemeCode: string) => findSchemeByCode(schemeCode)?.name ?? schemeCode;
  const owed = report.agedDebt.reduce((sum, band) => sum + band.owedPence, 0);
  const refunds = report.refundsPending.reduce(
    (sum, band) => ({
      count: sum.count + band.count,
      amountPence: sum.amountPence + band.amountPence,
    }),
    { count: 0, amountPence: 0 },
  );
  const premiums = report.written.reduce(
    (sum, row) => ({ premium: sum.premium + row.premiumPence, ipt: sum.ipt + row.iptPence }),
    { premium: 0, ipt: 0 },
  );
  return (
    <>
      <p className="text-muted">{t('finance.asOf', { date: formatDate(report.now) })}</p>
      <FinanceTable
        id="aged-debt"
        texts="agedDebt"
        columns={['band', 'accounts', 'owed']}
        rows={report.agedDebt.map((band) => ({
          key: band.band,
          cells: [
            t(`finance.agedDebt.bands.${band.band}`),
            band.accounts,
            { pence: band.owedPence },
          ],
        }))}
        foot={[t('finance.agedDebt.total'), '', { pence: owed }]}
        csvName={`aged-debt-${report.today}.csv`}
      />
      <FinanceTable
        id="collections-today"
        texts="collections"
        captionValues={{ date: formatDate(report.now) }}
        columns={['method', 'due', 'dueAmount', 'failed', 'failedAmount']}
        rows={report.collectionsToday.map((row) => ({
          key: row.method,
          cells: [
            t(`finance.collections.methods.${row.method}`),
            row.due.count,
            { pence: row.due.amountPence },
            row.failed.count,
            { pence: row.failed.amountPence },
          ],
        }))}
        csvName={`collections-${report.today}.csv`}
      />
      <FinanceTable
        id="refunds-owed"
        texts="refunds"
        columns={['band', 'count', 'amount']}
        rows={report.refundsPending.map((band) => ({
          key: band.band,
          cells: [t(`finance.refunds.bands.${band.band}`), band.count, { pence: band.amountPence }],
        }))}
        foot={[t('finance.refunds.total'), refunds.count, { pence: refunds.amountPence }]}
        csvName={`refunds-owed-${report.today}.csv`}
      />
      <FinanceTable
        id="written"
        texts="written"
        hasNone
        columns={['month', 'product', 'premium', 'ipt', 'total']}
        rows={report.written.map((row) => ({
          key: `${row.month}-${row.schemeCode}`,
          cells: [
            row.month,
            product(row.schemeCode),
            { pence: row.premiumPence },
            { pence: row.iptPence },
            { pence: row.premiumPence + row.iptPence },
          ],
        }))}
        foot={[
          t('finance.written.total'),
          '',
          { pence: premiums.premium },
          { pence: premiums.ipt },
          { pence: premiums.premium + premiums.ipt },
        ]}
        csvName={`premium-written-${report.today}.csv`}
      />
      <FinanceTable
        id="unpaid"
        texts="unpaid"
        hasNone
        columns={['month', 'product', 'notTakenUp', 'nonPayment']}
        rows={report.unpaidEndings.map((row) => ({
          key: `${row.month}-${row.schemeCode}`,
          cells: [row.month, product(row.schemeCode), row.notTakenUp, row.cancelledForNonPayment],
        }))}
        csvName={`policies-ended-unpaid-${report.today}.csv`}
      />
    </>
  );
}

/**
 * Issue 32 item 7: the finance views for staff with access:operations — aged debt, today's
 * collections, refunds owed by age, the premium written by month and product and the policies
 * ended unpaid, each with its CSV.
 */
export function FinancePage() {
  return (
    <NamedStaffReport name="finance" texts="finance">
      {(data) => (
        <>
          <Report report={data} />
          <InsurerReports />
        </>
      )}
    </NamedStaffReport>
  );
}
