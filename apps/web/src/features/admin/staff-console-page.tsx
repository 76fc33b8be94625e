import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useChatInbox } from './api/chat-inbox';
import { MIN_SEARCH_LENGTH, useCustomerSearch } from './api/staff-console';
import { isForbidden, STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { UnauthorisedPage } from './unauthorised-page';
import { FailureNotice } from '../../components/ui/failure-notice';

const MAX_RESULTS = 20;

/** The search (access:impersonate): the query lives in ?q= so a result's Back returns to it. */
function CustomerSearch() {
  const { t } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const [draft, setDraft] = useState(query);
  const inputId = useId();
  const search = useCustomerSearch(query, true);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    setSearchParams(q ? { q } : {}, { replace: false });
  };
  const results = search.data?.results;

  return (
    <>
      <form role="search" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>{t('console.searchLabel')}</label>
        <p id={`${inputId}-hint`} className="text-muted">
          {t('console.searchHint')}
        </p>
        <input
          id={inputId}
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={`${inputId}-hint`}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit">{t('console.search')}</Button>
      </form>

      {query.trim().length >= MIN_SEARCH_LENGTH ? (
        <section aria-labelledby={`${inputId}-results`}>
          <h2 id={`${inputId}-results`}>{t('console.results')}</h2>
          {search.isPending ? (
            <p role="status">{t('console.searching')}</p>
          ) : isForbidden(search.error) ? (
            <p role="alert" className="notice">
              {t('permission.noSearch')}
            </p>
          ) : search.isError ? (
            <FailureNotice>{t('console.failed')}</FailureNotice>
          ) : results && results.length === 0 ? (
            <p role="status">{t('console.noResults', { query })}</p>
          ) : results ? (
            <>
              <p role="status">{t('console.resultCount', { count: results.length })}</p>
              <ul className="staff-console__results">
                {results.map((result) => (
                  <li key={result.userId}>
                    <Link to={paths.adminCustomer(result.userId)}>
                      {result.name ?? t('console.noName')}
                    </Link>
                    <span> · {result.email ?? t('console.noEmail')}</span>
                    <span>
                      {' · '}
                      {result.policyNumbers.length > 0
                        ? t('console.policies', { numbers: result.policyNumbers.join(', ') })
                        : t('console.noPolicies')}
                    </span>
                  </li>
                ))}
              </ul>
              {results.length >= MAX_RESULTS ? (
                <p className="text-muted">{t('console.limitNote')}</p>
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/**
 * Issue 18 item 1: the staff console, a staff member's landing page; finds a customer. It offers
 * only what the staff member's permissions open (issue 31 item 3, decision 033).
 */
export function StaffConsolePage() {
  const { t } = useTranslation('admin');
  const { isAdmin } = useAuth();
  const can = useStaffPermission();
  const [searchParams] = useSearchParams();
  const canSearch = can(STAFF_PERMISSIONS.impersonate);
  const canOperate = can(STAFF_PERMISSIONS.operations);
  const canChat = can(STAFF_PERMISSIONS.chat);
  const unread = (useChatInbox(canChat).data?.conversations ?? []).reduce(
    (total, conversation) => total + conversation.unreadCount,
    0,
  );

  // Spec 1 §6: /admin?impersonate=<userId> chooses the customer to act for.
  if (searchParams.has('impersonate')) {
    return <Navigate to={`${paths.adminImpersonate()}?${searchParams.toString()}`} replace />;
  }
  if (!isAdmin) return <UnauthorisedPage />;

  const links = [
    canChat && {
      to: paths.adminChat(),
      text: unread > 0 ? t('console.chatLinkUnread', { count: unread }) : t('console.chatLink'),
    },
    can(STAFF_PERMISSIONS.audit) && { to: paths.adminAudit(), text: t('console.auditLink') },
    canSearch && { to: paths.adminImpersonate(), text: t('console.impersonateLink') },
    canSearch && { to: paths.adminNotTakenUp(), text: t('console.notTakenUpLink') },
    canOperate && { to: paths.adminJobs(), text: t('console.jobsLink') },
    canOperate &&
      can(STAFF_PERMISSIONS.moveClock) && { to: paths.adminClock(), text: t('console.clockLink') },
    canOperate && { to: paths.adminRefunds(), text: t('console.refundsLink') },
    canOperate && { to: paths.adminReconciliation(), text: t('console.reconciliationLink') },
    canOperate && { to: paths.adminMid(), text: t('console.midLink') },
    canOperate && { to: paths.adminFinance(), text: t('console.financeLink') },
    canOperate && { to: paths.adminErrors(), text: t('console.errorsLink') },
    canOperate && { to: paths.adminInsights(), text: t('console.insightsLink') },
  ].filter((link) => link !== false);

  return (
    <div className="page-header staff-console">
      <h1>{t('console.title')}</h1>
      <p className="lead">
        {canSearch
          ? t('console.intro')
          : links.length > 0
            ? t('permission.noSearch')
            : t('permission.none')}
      </p>
      {canSearch ? <CustomerSearch /> : null}
      {links.length > 0 ? (
        <nav aria-label={t('console.links')}>
          <ul className="link-row">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.text}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
