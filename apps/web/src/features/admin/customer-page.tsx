import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AuditEntry, CustomerDetailResponse } from '@motor/contract';
import { Button } from '../../components/ui/button';
import { SummaryRow } from '../../components/ui/summary-row';
import { setImpersonatedUserId } from '../../lib/auth/impersonation';
import { formatDate, formatPence } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useCustomer } from './api/staff-console';
import { isForbidden, STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { UnauthorisedPage } from './unauthorised-page';
import { ReportTable } from '../../components/ui/scrolling-table';
import { BackToConsole } from './back-to-console';
import { StaffCard } from './staff-report';
import { FailureNotice } from '../../components/ui/failure-notice';

/** Who did it and for whom, as the audit tables show a person. */
function describePerson(name: string | null, email: string | null, userId: string | null): string {
  if (userId === null) return '—';
  if (name && email) return `${name} (${email})`;
  return name ?? email ?? userId;
}

type PolicyMid = NonNullable<CustomerDetailResponse['policies'][number]['mid']>;

/** A policy's Motor Insurance Database status: since when it is on, or why it is not yet. */
function MidStatus({ mid }: { mid: PolicyMid | null }) {
  const { t } = useTranslation('admin');
  if (!mid) return <>{t('customer.mid.notSeen')}</>;
  return (
    <>
      {t(`customer.mid.status.${mid.status}`)}
      {mid.status === 'ON_MID' && mid.confirmedAt ? (
        <p>{t('customer.mid.confirmed', { date: formatDate(mid.confirmedAt) })}</p>
      ) : null}
      {mid.status === 'FAILED' ? (
        <p>{t('customer.mid.failed', { count: mid.attempts, error: mid.lastError ?? '' })}</p>
      ) : null}
    </>
  );
}

/**
 * A list of what we hold about the customer (`name`: policies, proposals, payments): a card
 * titled `customer.{name}`, its table captioned `customer.{name}Caption`, or `customer.no{Name}`
 * when there is none.
 */
function CustomerList(props: {
  name: 'policies' | 'proposals' | 'payments';
  count: number;
  columns: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { name } = props;
  return (
    <StaffCard
      titleId={`staff-customer-${name}`}
      title={t(`customer.${name}`)}
      count={props.count}
      none={t(`customer.no${name[0]!.toUpperCase()}${name.slice(1)}`)}
    >
      <ReportTable
        caption={t(`customer.${name}Caption`)}
        columns={props.columns.map((column) => t(`customer.${column}`))}
      >
        {props.children}
      </ReportTable>
    </StaffCard>
  );
}

export function AuditTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  const { t } = useTranslation('admin');
  return (
    <ReportTable
      caption={caption}
      columns={['when', 'who', 'forWhom', 'what', 'target'].map((column) => t(`audit.${column}`))}
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td>
            <time dateTime={entry.at}>{new Date(entry.at).toLocaleString('en-GB')}</time>
          </td>
          <td>{describePerson(entry.actorName, entry.actorEmail, entry.actorUserId)}</td>
          <td>{describePerson(entry.subjectName, entry.subjectEmail, entry.subjectUserId)}</td>
          <td>{entry.action}</td>
          <td>{entry.target}</td>
        </tr>
      ))}
    </ReportTable>
  );
}

/** Issue 18 item 1: what we hold about one customer, and acting for them. */
export function CustomerPage() {
  const { t } = useTranslation('admin');
  const { userId = '' } = useParams();
  // What we hold about a customer is for those who may act for them (decision 033).
  const hasPermission = useStaffPermission();
  const allowed = hasPermission(STAFF_PERMISSIONS.impersonate);
  const canReinstate = hasPermission(STAFF_PERMISSIONS.reinstate);
  const customer = useCustomer(userId, allowed);

  if (!allowed || isForbidden(customer.error)) {
    return <UnauthorisedPage permission={STAFF_PERMISSIONS.impersonate} />;
  }

  if (customer.isPending) {
    return (
      <div className="page-header">
        <BackToConsole />
        <p role="status">{t('customer.loading')}</p>
      </div>
    );
  }
  if (customer.isError || !customer.data) {
    return (
      <div className="page-header">
        <BackToConsole />
        <h1>{t('customer.notFound')}</h1>
        {customer.isError ? <FailureNotice>{t('customer.failed')}</FailureNotice> : null}
      </div>
    );
  }

  const person = customer.data;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  const actFor = () => {
    setImpersonatedUserId(person.userId);
    // A full reload so every cached query is refetched as the customer.
    window.location.assign(paths.home());
  };

  return (
    <div className="page-header staff-customer">
      <BackToConsole />
      <h1>{name || person.email || person.userId}</h1>
      {person.isDisabled ? <p className="notice">{t('customer.disabled')}</p> : null}
      {!person.isDisabled ? <Button onClick={actFor}>{t('customer.act')}</Button> : null}

      <StaffCard titleId="staff-customer-contact" title={t('customer.contact')}>
        <dl className="summary-list">
          {(
            [
              ['name', name || t('customer.notGiven')],
              ['email', person.email ?? t('customer.notGiven')],
              ['phone', person.phone ?? t('customer.notGiven')],
              ['userId', person.userId],
              ['since', formatDate(person.createdAt)],
            ] as const
          ).map(([key, value]) => (
            <SummaryRow key={key} term={t(`customer.${key}`)}>
              {value}
            </SummaryRow>
          ))}
        </dl>
      </StaffCard>

      <CustomerList
        name="policies"
        count={person.policies.length}
        columns={['policyNumber', 'scheme', 'status', 'period', 'mid.heading']}
      >
        {person.policies.map((policy) => (
          <tr key={policy.policyId}>
            <td>{policy.policyNumber}</td>
            <td>{policy.schemeCode}</td>
            <td>
              {policy.status}
              {policy.status === 'CANCELLED' && canReinstate ? (
                <p>
                  <Link
                    className="standalone-link"
                    to={paths.adminReinstate(person.userId, policy.policyId)}
                  >
                    {t('customer.reinstate', { policyNumber: policy.policyNumber })}
                  </Link>
                </p>
              ) : null}
              {policy.notTakenUp ? (
                <p>
                  {t(`customer.notTakenUp.${policy.notTakenUp.reason}`, {
                    date: formatDate(policy.notTakenUp.at),
                  })}
                </p>
              ) : null}
            </td>
            <td>
              {t('customer.periodValue', {
                from: formatDate(policy.inceptedAt),
                to: formatDate(policy.expiredAt),
              })}
            </td>
            <td>
              <MidStatus mid={policy.mid ?? null} />
            </td>
          </tr>
        ))}
      </CustomerList>

      <CustomerList
        name="proposals"
        count={person.proposals.length}
        columns={['reference', 'scheme', 'status', 'created']}
      >
        {person.proposals.map((proposal) => (
          <tr key={proposal.externalReference}>
            <td>{proposal.externalReference}</td>
            <td>{proposal.schemeCode}</td>
            <td>{proposal.status}</td>
            <td>{formatDate(proposal.createdAt)}</td>
          </tr>
        ))}
      </CustomerList>

      <CustomerList
        name="payments"
        count={person.payments.length}
        columns={['created', 'paymentKind', 'amount', 'status']}
      >
        {person.payments.map((payment, index) => (
          <tr key={`${payment.createdAt}-${index}`}>
            <td>{formatDate(payment.createdAt)}</td>
            <td>{payment.kind}</td>
            <td>{formatPence(payment.amountPence)}</td>
            <td>{payment.status}</td>
          </tr>
        ))}
      </CustomerList>

      <StaffCard
        titleId="staff-customer-audit"
        title={t('customer.audit')}
        count={person.audit.length}
        none={t('customer.noAudit')}
      >
        <AuditTable entries={person.audit} caption={t('customer.audit')} />
      </StaffCard>
    </div>
  );
}
