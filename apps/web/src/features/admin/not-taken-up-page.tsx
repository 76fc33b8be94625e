import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotTakenUpPoliciesResponse } from '@motor/contract';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useNotTakenUpPolicies } from './api/not-taken-up';
import { isForbidden, STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { ScrollingTable, StaffReport } from './staff-report';
import { UnauthorisedPage } from './unauthorised-page';

type Policy = NotTakenUpPoliciesResponse['policies'][number];

/** The API answers at most this many, newest first. */
const LIMIT = 200;

function DateOf({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}

function PoliciesTable({ policies }: { policies: Policy[] }) {
  const { t } = useTranslation('admin');
  return (
    <ScrollingTable caption={t('notTakenUp.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('notTakenUp.columns.policy')}</th>
          <th scope="col">{t('notTakenUp.columns.customer')}</th>
          <th scope="col">{t('notTakenUp.columns.inception')}</th>
          <th scope="col">{t('notTakenUp.columns.at')}</th>
          <th scope="col">{t('notTakenUp.columns.reason')}</th>
        </tr>
      </thead>
      <tbody>
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
      </tbody>
    </ScrollingTable>
  );
}

/**
 * Issue 30 item 3: the policies not taken up, newest first, for staff. They name customers, so
 * they ask what a customer's page asks (access:impersonate, decision 033).
 */
export function NotTakenUpPage() {
  const { t } = useTranslation('admin');
  const allowed = useStaffPermission()(STAFF_PERMISSIONS.impersonate);
  const list = useNotTakenUpPolicies(allowed);

  if (!allowed || isForbidden(list.error)) {
    return <UnauthorisedPage permission={STAFF_PERMISSIONS.impersonate} />;
  }

  return (
    <StaffReport className="staff-not-taken-up" texts="notTakenUp" query={list}>
      {(data) =>
        data.policies.length === 0 ? (
          <p role="status">{t('notTakenUp.none')}</p>
        ) : (
          <>
            <PoliciesTable policies={data.policies} />
            {data.policies.length >= LIMIT ? (
              <p className="text-muted">{t('notTakenUp.limitNote', { limit: LIMIT })}</p>
            ) : null}
          </>
        )
      }
    </StaffReport>
  );
}
