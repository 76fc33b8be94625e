import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MidOverdueResponse } from '@motor/contract';
import { formatInstant } from './format-instant';
import { paths } from '../../lib/paths';
import { ReportTable } from '../../components/ui/scrolling-table';
import { STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { NamedStaffReport } from './staff-report';

type Policy = MidOverdueResponse['policies'][number];

/** The API answers at most this many, the first due first. */
const LIMIT = 200;

const COLUMNS = ['policy', 'registration', 'awaiting', 'dueBy', 'attempts', 'lastError'];

function PoliciesTable({ policies }: { policies: Policy[] }) {
  const { t } = useTranslation('admin');
  const can = useStaffPermission();
  const canOpenCustomer = can(STAFF_PERMISSIONS.impersonate);
  return (
    <ReportTable
      caption={t('mid.caption')}
      columns={COLUMNS.map((column) => t(`mid.columns.${column}`))}
    >
      {policies.map((policy) => (
        <tr key={policy.policyId}>
          <th scope="row">
            {canOpenCustomer ? (
              <Link to={paths.adminCustomer(policy.customerUserId)}>{policy.policyNumber}</Link>
            ) : (
              policy.policyNumber
            )}
          </th>
          <td>{policy.registration ?? t('mid.noRegistration')}</td>
          <td>{t(`mid.awaiting.${policy.awaiting}`)}</td>
          <td>{policy.dueBy ? formatInstant(policy.dueBy) : ''}</td>
          <td>{policy.attempts}</td>
          <td>{policy.lastError ?? t('mid.notSentYet')}</td>
        </tr>
      ))}
    </ReportTable>
  );
}

/**
 * Issue 35 item 1: the policies the Motor Insurance Database should hold by now (the product's
 * target hours after they were bought or changed) and does not, for staff with access:operations.
 */
export function MidPage() {
  return (
    <NamedStaffReport name="mid" texts="mid" list={{ rows: (data) => data.policies, limit: LIMIT }}>
      {(data) => <PoliciesTable policies={data.policies} />}
    </NamedStaffReport>
  );
}
