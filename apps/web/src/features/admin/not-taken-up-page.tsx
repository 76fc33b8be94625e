import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotTakenUpPoliciesResponse } from '@motor/contract';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ReportTable } from '../../components/ui/scrolling-table';
import { NamedStaffReport } from './staff-report';

type Policy = NotTakenUpPoliciesResponse['policies'][number];

/** The API answers at most this many, newest first. */
const LIMIT = 200;

const COLUMNS = ['policy', 'customer', 'inception', 'at', 'reason'];

function DateOf({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}

function PoliciesTable({ policies }: { policies: Policy[] }) {
  const { t } = useTranslation('admin');
  return (
    <ReportTable
      caption={t('notTakenUp.caption')}
      columns={COLUMNS.map((column) => t(`notTakenUp.columns.${column}`))}
    >
      {policies.map((policy) => (
        <tr key={policy.policyId}>
          <th scope="row">{policy.policyNumber}</th>
          <td>
            <Link to={paths.adminCustomer(policy.customerUserId)}>
              {policy.customerName ?? policy.customerUserId}
            </Link>
          </td>
          <td>
            <DateOf iso={policy.inceptedAt} />
          </td>
          <td>
            <DateOf iso={policy.notTakenUp.at} />
          </td>
          <td>{t(`notTakenUp.reasons.${policy.notTakenUp.reason}`)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}

/**
 * Issue 30 item 3: the policies not taken up, newest first, for staff. They name customers, so
 * they ask what a customer's page asks (access:impersonate, decision 033).
 */
export function NotTakenUpPage() {
  return (
    <NamedStaffReport
      name="not-taken-up"
      texts="notTakenUp"
      list={{ rows: (data) => data.policies, limit: LIMIT }}
    >
      {(data) => <PoliciesTable policies={data.policies} />}
    </NamedStaffReport>
  );
}
