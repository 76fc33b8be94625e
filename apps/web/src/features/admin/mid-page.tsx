import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MidOverdueResponse } from '@motor/contract';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useMidOverdue } from './api/mid';
import { isForbidden, STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { ScrollingTable } from '../../components/ui/scrolling-table';
import { StaffReport } from './staff-report';
import { UnauthorisedPage } from './unauthorised-page';

type Policy = MidOverdueResponse['policies'][number];

/** The API answers at most this many, the first due first. */
const LIMIT = 200;

const londonClock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** "4 May 2026 at 10:00": the target is hours, so the time matters. */
function formatInstant(iso: string): string {
  return `${formatDate(iso)} at ${londonClock.format(new Date(iso))}`;
}

function PoliciesTable({ policies }: { policies: Policy[] }) {
  const { t } = useTranslation('admin');
  const can = useStaffPermission();
  const canOpenCustomer = can(STAFF_PERMISSIONS.impersonate);
  return (
    <ScrollingTable caption={t('mid.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('mid.columns.policy')}</th>
          <th scope="col">{t('mid.columns.registration')}</th>
          <th scope="col">{t('mid.columns.awaiting')}</th>
          <th scope="col">{t('mid.columns.dueBy')}</th>
          <th scope="col">{t('mid.columns.attempts')}</th>
          <th scope="col">{t('mid.columns.lastError')}</th>
        </tr>
      </thead>
      <tbody>
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
      </tbody>
    </ScrollingTable>
  );
}

/**
 * Issue 35 item 1: the policies the Motor Insurance Database should hold by now (the product's
 * target hours after they were bought or changed) and does not, for staff with access:operations.
 */
export function MidPage() {
  const { t } = useTranslation('admin');
  const allowed = useStaffPermission()(STAFF_PERMISSIONS.operations);
  const list = useMidOverdue(allowed);

  if (!allowed || isForbidden(list.error)) {
    return <UnauthorisedPage permission={STAFF_PERMISSIONS.operations} />;
  }

  return (
    <StaffReport className="staff-mid" texts="mid" query={list}>
      {(data) =>
        data.policies.length === 0 ? (
          <p role="status">{t('mid.none')}</p>
        ) : (
          <>
            <PoliciesTable policies={data.policies} />
            {data.policies.length >= LIMIT ? (
              <p className="text-muted">{t('mid.limitNote', { limit: LIMIT })}</p>
            ) : null}
          </>
        )
      }
    </StaffReport>
  );
}
