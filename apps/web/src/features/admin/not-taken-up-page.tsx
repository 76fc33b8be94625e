import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotTakenUpPoliciesResponse } from '@motor/contract';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useNotTakenUpPolicies } from './api/not-taken-up';
import { isForbidden, STAFF_PERMISSIONS, useStaffPermission } from './permissions';
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
    <div className="table-scroll">
      <table>
        <caption className="visually-hidden">{t('notTakenUp.caption')}</caption>
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
      </table>
    </div>
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
    <div className="page-header staff-not-taken-up">
      <p>
        <Link className="standalone-link" to={paths.admin()}>
          {t('customer.back')}
        </Link>
      </p>
      <h1>{t('notTakenUp.title')}</h1>
      <p className="lead">{t('notTakenUp.intro')}</p>
      {list.isPending ? (
        <p role="status">{t('notTakenUp.loading')}</p>
      ) : list.isError ? (
        <p role="alert" className="notice notice--critical">
          {t('notTakenUp.failed')}
        </p>
      ) : list.data.policies.length === 0 ? (
        <p role="status">{t('notTakenUp.none')}</p>
      ) : (
        <>
          <PoliciesTable policies={list.data.policies} />
          {list.data.policies.length >= LIMIT ? (
            <p className="text-muted">{t('notTakenUp.limitNote', { limit: LIMIT })}</p>
          ) : null}
        </>
      )}
    </div>
  );
}
