import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useChatInbox } from './api/chat-inbox';
import { MIN_SEARCH_LENGTH, useCustomerSearch } from './api/staff-console';
import { UnauthorisedPage } from './unauthorised-page';

const MAX_RESULTS = 20;
const AUDIT_PERMISSION = 'access:audit';
const CHAT_PERMISSION = 'access:chat';
const MOVE_CLOCK_PERMISSION = 'action:move-clock';

/** Issue 18 item 1: the staff console, a staff member's landing page; finds a customer. */
export function StaffConsolePage() {
  const { t } = useTranslation('admin');
  const { isAdmin, permissions } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const [draft, setDraft] = useState(query);
  const inputId = useId();
  const search = useCustomerSearch(query, isAdmin);
  const canChat = isAdmin && (permissions ?? []).includes(CHAT_PERMISSION);
  const unread = (useChatInbox(canChat).data?.conversations ?? []).reduce(
    (total, conversation) => total + conversation.unreadCount,
    0,
  );

  // Spec 1 §6: /admin?impersonate=<userId> chooses the customer to act for.
  if (searchParams.has('impersonate')) {
    return <Navigate to={`${paths.adminImpersonate()}?${searchParams.toString()}`} replace />;
  }
  if (!isAdmin) return <UnauthorisedPage />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    setSearchParams(q ? { q } : {}, { replace: false });
  };
  const results = search.data?.results;

  return (
    <div className="page-header staff-console">
      <h1>{t('console.title')}</h1>
      <p className="lead">{t('console.intro')}</p>
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
          ) : search.isError ? (
            <p role="alert" className="notice notice--critical">
              {t('console.failed')}
            </p>
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

      <nav aria-label={t('console.links')}>
        <ul className="link-row">
          {canChat ? (
            <li>
              <Link to={paths.adminChat()}>
                {unread > 0
                  ? t('console.chatLinkUnread', { count: unread })
                  : t('console.chatLink')}
              </Link>
            </li>
          ) : null}
          {(permissions ?? []).includes(AUDIT_PERMISSION) ? (
            <li>
              <Link to={paths.adminAudit()}>{t('console.auditLink')}</Link>
            </li>
          ) : null}
          <li>
            <Link to={paths.adminImpersonate()}>{t('console.impersonateLink')}</Link>
          </li>
          <li>
            <Link to={paths.adminJobs()}>{t('console.jobsLink')}</Link>
          </li>
          {(permissions ?? []).includes(MOVE_CLOCK_PERMISSION) ? (
            <li>
              <Link to={paths.adminClock()}>{t('console.clockLink')}</Link>
            </li>
          ) : null}
          <li>
            <Link to={paths.adminRefunds()}>{t('console.refundsLink')}</Link>
          </li>
          <li>
            <Link to={paths.adminReconciliation()}>{t('console.reconciliationLink')}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
