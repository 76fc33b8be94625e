import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { BORDEREAU_CLASSES, type BordereauResponse } from '@motor/contract';
import { Field } from '../../components/form/field';
import { TextInput } from '../../components/form/text-input';
import { Button } from '../../components/ui/button';
import { brand } from '../../lib/brand';
import { formatPence } from '../../lib/format';
import { useBordereau, useReportDownload } from './api/insurer-reports';
import { ReportTable } from '../../components/ui/scrolling-table';
import { StaffCard } from './staff-report';
import { FailureNotice } from '../../components/ui/failure-notice';

// Issue 35 item 6: the insurer's reports for a month and a product — the premium bordereau, the
// IPT of the month's quarter and the renewal pricing record — downloaded as CSV or XLSX, with the
// bordereau's totals by kind of transaction shown on the page first.

/** This London month, 'YYYY-MM' (the page's Date follows the server's clock). */
function thisMonth(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .slice(0, 7);
}

const quarterOf = (month: string) =>
  `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;

function BordereauTotals({ report }: { report: BordereauResponse }): ReactElement {
  const { t } = useTranslation('admin');
  const byClass = BORDEREAU_CLASSES.map((kind) => {
    const rows = report.rows.filter((row) => row.transactionClass === kind);
    return {
      kind,
      count: rows.length,
      net: rows.reduce((sum, row) => sum + row.netPremiumPence, 0),
      ipt: rows.reduce((sum, row) => sum + row.iptPence, 0),
    };
  }).filter((row) => row.count > 0);
  if (byClass.length === 0) return <p>{t('finance.reports.none')}</p>;
  return (
    <ReportTable
      caption={t('finance.reports.caption', { month: report.month })}
      className="finance-table"
      columns={['kind', 'count', 'net', 'ipt'].map((column) => t(`finance.reports.${column}`))}
      foot={
        <tfoot>
          <tr>
            <th scope="row">{t('finance.reports.total')}</th>
            <td>{report.totals.rowCount}</td>
            <td>{formatPence(report.totals.netPremiumPence)}</td>
            <td>{formatPence(report.totals.iptPence)}</td>
          </tr>
        </tfoot>
      }
    >
      {byClass.map((row) => (
        <tr key={row.kind}>
          <th scope="row">{t(`finance.reports.kinds.${row.kind}`)}</th>
          <td>{row.count}</td>
          <td>{formatPence(row.net)}</td>
          <td>{formatPence(row.ipt)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}

/** The reports section of the finance page (staff with access:operations). */
export function InsurerReports(): ReactElement {
  const { t } = useTranslation('admin');
  const id = useId();
  const [month, setMonth] = useState(thisMonth);
  const [schemeCode, setSchemeCode] = useState(brand.schemes[0]?.schemeCode ?? '');
  const [failed, setFailed] = useState(false);
  const bordereau = useBordereau({ month, schemeCode, isAllowed: true });
  const download = useReportDownload();
  const quarter = quarterOf(month);
  const files = [
    {
      key: 'bordereau',
      label: t('finance.reports.bordereau'),
      path: `/admin/reports/bordereau?month=${month}&scheme=${schemeCode}`,
      name: `bordereau-${schemeCode}-${month}`,
    },
    {
      key: 'ipt',
      label: t('finance.reports.iptReturn', { quarter }),
      path: `/admin/reports/ipt?quarter=${quarter}`,
      name: `ipt-${quarter}`,
    },
    {
      key: 'renewal-pricing',
      label: t('finance.reports.renewalPricing'),
      path: `/admin/reports/renewal-pricing?month=${month}&scheme=${schemeCode}`,
      name: `renewal-pricing-${schemeCode}-${month}`,
    },
  ];
  const save = (path: string, fileName: string) => {
    setFailed(false);
    download(path, fileName).catch(() => setFailed(true));
  };
  return (
    <StaffCard titleId={`${id}-title`} title={t('finance.reports.title')}>
      <p>{t('finance.reports.intro')}</p>
      <div className="insights-range">
        <TextInput
          id={`${id}-month`}
          label={t('finance.reports.month')}
          type="month"
          value={month}
          onChange={setMonth}
        />
        <Field id={`${id}-product`} label={t('finance.reports.product')}>
          <select
            id={`${id}-product`}
            className="select"
            value={schemeCode}
            onChange={(event) => setSchemeCode(event.target.value)}
          >
            {brand.schemes.map((scheme) => (
              <option key={scheme.schemeCode} value={scheme.schemeCode}>
                {scheme.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {bordereau.isPending ? null : bordereau.isError ? (
        <FailureNotice>{t('finance.failed')}</FailureNotice>
      ) : (
        <BordereauTotals report={bordereau.data} />
      )}
      <ul className="report-downloads">
        {files.map((file) => (
          <li key={file.key}>
            <span className="report-downloads__name">{file.label}</span>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="inverted"
                layout="small"
                onClick={() => save(`${file.path}&format=${format}`, `${file.name}.${format}`)}
              >
                {t(`finance.reports.${format}`, { report: file.label })}
              </Button>
            ))}
          </li>
        ))}
      </ul>
      {failed ? <FailureNotice>{t('finance.reports.downloadFailed')}</FailureNotice> : null}
    </StaffCard>
  );
}
