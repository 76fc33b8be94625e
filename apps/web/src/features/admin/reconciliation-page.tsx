import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReconciliationFindingsResponse } from '@motor/contract';
import { formatPence } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ReportTable } from '../../components/ui/scrolling-table';
import { NamedStaffReport } from './staff-report';
import { formatLondonDateTime } from './format-instant';

type Finding = ReconciliationFindingsResponse['findings'][number];

const COLUMNS = ['age', 'kind', 'policy', 'provider', 'ledger', 'reference'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long a finding has been open, by the server's clock: "3 days", "5 hours". */
function Age({ since, now }: { since: string; now: string }) {
  const { t } = useTranslation('reconciliation');
  const open = Date.parse(now) - Date.parse(since);
  if (open >= DAY_MS) return <>{t('age.days', { count: Math.floor(open / DAY_MS) })}</>;
  if (open >= HOUR_MS) return <>{t('age.hours', { count: Math.floor(open / HOUR_MS) })}</>;
  return <>{t('age.lessThanAnHour')}</>;
}

function Amount({ pence }: { pence: number | null }) {
  const { t } = useTranslation('reconciliation');
  return <>{pence === null ? t('noRecord') : formatPence(pence)}</>;
}

/** The policy's account, linked to its customer on the staff console. */
function PolicyLink({ finding }: { finding: Finding }) {
  const { t } = useTranslation('reconciliation');
  const name = finding.accountCode ?? finding.accountId;
  if (!name) return <>{t('noAccount')}</>;
  if (!finding.customerUserId) return <code>{name}</code>;
  return <Link to={paths.adminCustomer(finding.customerUserId)}>{name}</Link>;
}

function FindingsTable({ data }: { data: ReconciliationFindingsResponse }) {
  const { t } = useTranslation('reconciliation');
  return (
    <ReportTable caption={t('caption')} columns={COLUMNS.map((column) => t(`columns.${column}`))}>
      {data.findings.map((finding) => (
        <tr key={finding.id}>
          <td>
            <Age since={finding.foundAt} now={data.now} />
          </td>
          <th scope="row">{t(`kinds.${finding.kind}`)}</th>
          <td>
            <PolicyLink finding={finding} />
          </td>
          <td>
            <Amount pence={finding.providerAmountPence} />
          </td>
          <td>
            <Amount pence={finding.ledgerAmountPence} />
          </td>
          <td>
            <code>{finding.providerPaymentId}</code>
          </td>
        </tr>
      ))}
    </ReportTable>
  );
}

/** Issue 30 item 9: the independent auditor's open findings, with their age, for staff. */
export function ReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const id = useId();

  return (
    <NamedStaffReport name="reconciliation" namespace="reconciliation" titleId={`${id}-title`}>
      {(data) => (
        <>
          <p>
            {data.lastRunAt
              ? t('lastRun', {
                  time: formatLondonDateTime(data.lastRunAt),
                })
              : t('neverRun')}
          </p>
          {data.findings.length === 0 ? (
            <p role="status">{t('none')}</p>
          ) : (
            <FindingsTable data={data} />
          )}
        </>
      )}
    </NamedStaffReport>
  );
}
