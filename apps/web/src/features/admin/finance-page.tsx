import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceReportResponse } from '@motor/contract';
import { Button } from '../../components/ui/button';
import { formatDate, formatPence } from '../../lib/format';
import { findSchemeByCode } from '../../lib/schemes';
import { InsurerReports } from './insurer-reports';
import { ReportTable } from '../../components/ui/scrolling-table';
import { NamedStaffReport } from './staff-report';

type Cell = string | number;

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvField = (value: Cell) =>
  /[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value);

/** Saves rows as a CSV file: amounts in pounds with pence, as a spreadsheet reads them. */
function downloadCsv(fileName: string, rows: readonly (readonly Cell[])[]) {
  const text = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  const url = URL.createObjectURL(new Blob([`${text}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** One table of the page: its heading, the table itself, and its CSV beside it. */
function FinanceTable(props: {
  id: string;
  title: string;
  caption: string;
  head: string[];
  rows: { key: string; header: string; cells: string[] }[];
  foot?: string[];
  csv: { fileName: string; rows: Cell[][] };
}): ReactElement {
  const { t } = useTranslation('admin');
  return (
    <section className="card" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      <ReportTable
        caption={props.caption}
        className="finance-table"
        columns={props.head}
        foot={
          props.foot ? (
            <tfoot>
              <tr>
                <th scope="row">{props.foot[0]}</th>
                {props.foot.slice(1).map((cell, index) => (
                  <td key={props.head[index + 1]}>{cell}</td>
                ))}
              </tr>
            </tfoot>
          ) : null
        }
      >
        {props.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.header}</th>
            {row.cells.map((cell, index) => (
              <td key={props.head[index + 1]}>{cell}</td>
            ))}
          </tr>
        ))}
      </ReportTable>
      <Button
        variant="inverted"
        layout="small"
        onClick={() => downloadCsv(props.csv.fileName, [props.head, ...props.csv.rows])}
      >
        {t('finance.download', { table: props.title.toLowerCase() })}
      </Button>
    </section>
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
  const written = report.written.reduce(
    (sum, row) => ({ premium: sum.premium + row.premiumPence, ipt: sum.ipt + row.iptPence }),
    { premium: 0, ipt: 0 },
  );
  return (
    <>
      <p className="text-muted">{t('finance.asOf', { date: formatDate(report.now) })}</p>
      <FinanceTable
        id="aged-debt"
        title={t('finance.agedDebt.title')}
        caption={t('finance.agedDebt.caption')}
        head={[
          t('finance.agedDebt.band'),
          t('finance.agedDebt.accounts'),
          t('finance.agedDebt.owed'),
        ]}
        rows={report.agedDebt.map((band) => ({
          key: band.band,
          header: t(`finance.agedDebt.bands.${band.band}`),
          cells: [String(band.accounts), formatPence(band.owedPence)],
        }))}
        foot={[t('finance.agedDebt.total'), '', formatPence(owed)]}
        csv={{
          fileName: `aged-debt-${report.today}.csv`,
          rows: report.agedDebt.map((band) => [
            t(`finance.agedDebt.bands.${band.band}`),
            band.accounts,
            pounds(band.owedPence),
          ]),
        }}
      />
      <FinanceTable
        id="collections-today"
        title={t('finance.collections.title')}
        caption={t('finance.collections.caption', { date: formatDate(report.now) })}
        head={[
          t('finance.collections.method'),
          t('finance.collections.due'),
          t('finance.collections.dueAmount'),
          t('finance.collections.failed'),
          t('finance.collections.failedAmount'),
        ]}
        rows={report.collectionsToday.map((row) => ({
          key: row.method,
          header: t(`finance.collections.methods.${row.method}`),
          cells: [
            String(row.due.count),
            formatPence(row.due.amountPence),
            String(row.failed.count),
            formatPence(row.failed.amountPence),
          ],
        }))}
        csv={{
          fileName: `collections-${report.today}.csv`,
          rows: report.collectionsToday.map((row) => [
            t(`finance.collections.methods.${row.method}`),
            row.due.count,
            pounds(row.due.amountPence),
            row.failed.count,
            pounds(row.failed.amountPence),
          ]),
        }}
      />
      <FinanceTable
        id="refunds-owed"
        title={t('finance.refunds.title')}
        caption={t('finance.refunds.caption')}
        head={[t('finance.refunds.band'), t('finance.refunds.count'), t('finance.refunds.amount')]}
        rows={report.refundsPending.map((band) => ({
          key: band.band,
          header: t(`finance.refunds.bands.${band.band}`),
          cells: [String(band.count), formatPence(band.amountPence)],
        }))}
        foot={[t('finance.refunds.total'), String(refunds.count), formatPence(refunds.amountPence)]}
        csv={{
          fileName: `refunds-owed-${report.today}.csv`,
          rows: report.refundsPending.map((band) => [
            t(`finance.refunds.bands.${band.band}`),
            band.count,
            pounds(band.amountPence),
          ]),
        }}
      />
      {report.written.length === 0 ? (
        <section className="card" aria-labelledby="written-title">
          <h2 id="written-title">{t('finance.written.title')}</h2>
          <p>{t('finance.written.none')}</p>
        </section>
      ) : (
        <FinanceTable
          id="written"
          title={t('finance.written.title')}
          caption={t('finance.written.caption')}
          head={[
            t('finance.written.month'),
            t('finance.written.product'),
            t('finance.written.premium'),
            t('finance.written.ipt'),
            t('finance.written.total'),
          ]}
          rows={report.written.map((row) => ({
            key: `${row.month}-${row.schemeCode}`,
            header: row.month,
            cells: [
              product(row.schemeCode),
              formatPence(row.premiumPence),
              formatPence(row.iptPence),
              formatPence(row.premiumPence + row.iptPence),
            ],
          }))}
          foot={[
            t('finance.written.total'),
            '',
            formatPence(written.premium),
            formatPence(written.ipt),
            formatPence(written.premium + written.ipt),
          ]}
          csv={{
            fileName: `premium-written-${report.today}.csv`,
            rows: report.written.map((row) => [
              row.month,
              product(row.schemeCode),
              pounds(row.premiumPence),
              pounds(row.iptPence),
              pounds(row.premiumPence + row.iptPence),
            ]),
          }}
        />
      )}
      {report.unpaidEndings.length === 0 ? (
        <section className="card" aria-labelledby="unpaid-title">
          <h2 id="unpaid-title">{t('finance.unpaid.title')}</h2>
          <p>{t('finance.unpaid.none')}</p>
        </section>
      ) : (
        <FinanceTable
          id="unpaid"
          title={t('finance.unpaid.title')}
          caption={t('finance.unpaid.caption')}
          head={[
            t('finance.unpaid.month'),
            t('finance.unpaid.product'),
            t('finance.unpaid.notTakenUp'),
            t('finance.unpaid.nonPayment'),
          ]}
          rows={report.unpaidEndings.map((row) => ({
            key: `${row.month}-${row.schemeCode}`,
            header: row.month,
            cells: [
              product(row.schemeCode),
              String(row.notTakenUp),
              String(row.cancelledForNonPayment),
            ],
          }))}
          csv={{
            fileName: `policies-ended-unpaid-${report.today}.csv`,
            rows: report.unpaidEndings.map((row) => [
              row.month,
              product(row.schemeCode),
              row.notTakenUp,
              row.cancelledForNonPayment,
            ]),
          }}
        />
      )}
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
