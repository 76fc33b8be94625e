import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { brand } from '../lib/brand';
import { useAuth } from '../lib/auth';
import type { AuthUser } from '../lib/auth';
import {
  getImpersonatedUserId,
  IMPERSONATE_HEADER,
  setImpersonatedUserId,
} from '../lib/auth/impersonation';
import { useApiClient } from '../lib/use-api-client';
import { usePolicyholder, type Policyholder } from '../lib/policyholder';
import { Avatar } from '../components/ui/avatar';
import { ContentLink } from '../components/ui/content-link';
import { ChatPanel } from '../features/chat/chat-panel';
import { HelpButton } from './help-button';
import { paths } from '../lib/paths';

function displayName(user: AuthUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username || 'Unknown';
}

function policyholderName(policyholder: Policyholder): string {
  const name = [policyholder.firstName, policyholder.lastName].filter(Boolean).join(' ');
  return name || policyholder.username || 'Unknown';
}

/** Spec 1 §2: the red bar over every page in admin mode, naming the customer acted for. */
function AdminBar() {
  const { t } = useTranslation();
  const client = useApiClient();
  const isImpersonating = getImpersonatedUserId() !== null;
  const [isStopping, setIsStopping] = useState(false);
  // The tab forgets the customer first, so that no request it sends from now on acts for them
  // (one arriving after the stop was recorded is a new start of acting to the API, and was
  // audited as one); the stop itself (audit: session.impersonate.end) names them in its own
  // header. Acting ends in this tab whatever the answer, and a reload refetches as staff.
  const stopActing = async () => {
    setIsStopping(true);
    const actingFor = getImpersonatedUserId();
    setImpersonatedUserId(null);
    await client
      .delete<unknown>('/session/impersonation', {
        headers: actingFor ? { [IMPERSONATE_HEADER]: actingFor } : {},
      })
      .catch(() => undefined);
    window.location.assign(paths.admin());
  };
  // The API answers as the customer when the admin has chosen one (X-Impersonate-User).
  const { data: customer } = usePolicyholder({ enabled: isImpersonating, handlesErrors: true });
  return (
    <div className="admin-bar" role="region" aria-label={t('shell.adminView')}>
      <strong>{t('shell.adminView')}</strong>
      {isImpersonating && customer ? (
        <>
          <span>
            {t('shell.adminImpersonating', {
              user: policyholderName(customer),
              email: customer.email ?? customer.username,
            })}
          </span>
          <button
            type="button"
            className="admin-bar__stop"
            onClick={() => void stopActing()}
            disabled={isStopping}
          >
            {t('shell.stopActing')}
          </button>
        </>
      ) : null}
    </div>
  );
}

function AccountMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { signOut, isAdmin } = useAuth();
  // A customer who signed up with a code has no name in their token until they next sign in: the
  // account's (the name they gave when they bought) fills the avatar and the menu meanwhile.
  const hasName = Boolean(user.firstName && user.lastName);
  const { data: account } = usePolicyholder({ enabled: !isAdmin && !hasName, handlesErrors: true });
  const named = hasName
    ? user
    : {
        ...user,
        firstName: user.firstName || account?.firstName || undefined,
        lastName: user.lastName || account?.lastName || undefined,
      };
  const name = displayName(named);
  const showConnection = user.connection && !['email', 'sms'].includes(user.connection);
  return (
    <details className="account-menu">
      {/* The initials avatar, and the name beside it from 768 px: the 375 px header keeps one line. */}
      <summary aria-label={t('shell.account.menu', { name })}>
        <Avatar firstName={named.firstName} lastName={named.lastName} />
        <span className="account-menu__name">{name}</span>
      </summary>
      <div className="account-menu__panel">
        {showConnection ? (
          <p className="account-menu__connection">
            {t('shell.account.connection', { connection: user.connection })}
          </p>
        ) : null}
        <ul>
          <li>
            <Link to={paths.home()}>{t('shell.account.dashboard')}</Link>
          </li>
          {isAdmin ? (
            <li>
              <Link to={paths.admin()}>{t('shell.account.staffConsole')}</Link>
            </li>
          ) : null}
          {brand.accountSettings.length > 0 ? (
            <li>
              <Link to={paths.account()}>{t('shell.account.settings')}</Link>
            </li>
          ) : null}
          {signOut ? (
            <li>
              <button type="button" onClick={() => void signOut()}>
                {t('shell.account.signOut')}
              </button>
            </li>
          ) : null}
        </ul>
      </div>
    </details>
  );
}

export type PageShellProps = {
  children?: ReactNode;
  /** Where the up-button (back link) goes; no up-button when absent. */
  up?: string;
  hideAccountNav?: boolean;
  /** Rendered after the footer, e.g. the cookie-consent banner (sticky at the bottom). */
  after?: ReactNode;
};

export function PageShell({ children, up, hideAccountNav = false, after }: PageShellProps) {
  const { t } = useTranslation();
  const { isAuthenticated, isAdmin, user } = useAuth();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      {isAdmin ? <AdminBar /> : null}
      <header className="shell-header">
        <div className="shell-header__inner container">
          <Link
            to={paths.home()}
            className="shell-header__home"
            aria-label={t('shell.homeLink', { appName: brand.appName })}
          >
            {brand.logoSvg ? (
              <img
                className="shell-header__logo"
                src={`data:image/svg+xml,${encodeURIComponent(brand.logoSvg)}`}
                alt=""
                width={28}
                height={28}
              />
            ) : (
              <span className="shell-header__mark" aria-hidden="true" />
            )}
            <span className="shell-header__app-name">{brand.appName}</span>
          </Link>
          <div className="shell-header__actions">
            <HelpButton />
            {isAuthenticated && user && !hideAccountNav ? <AccountMenu user={user} /> : null}
          </div>
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        <div className="container">
          {up ? (
            <Link to={up} className="up-button">
              <span aria-hidden="true">‹ </span>
              {t('shell.back')}
            </Link>
          ) : null}
          {children}
        </div>
      </main>
      <footer className="shell-footer">
        <div className="container shell-footer__inner">
          <nav aria-label={t('shell.footerLinks')}>
            <ul className="shell-footer__links">
              {brand.footer.links.map((link) => (
                <li key={link.href}>
                  <ContentLink href={link.href} title={link.text}>
                    {link.text}
                  </ContentLink>
                </li>
              ))}
              <li>
                <Link to={paths.cookieSettings()}>{t('shell.cookieSettings')}</Link>
              </li>
            </ul>
          </nav>
          <p className="shell-footer__content">{brand.footer.contentLine}</p>
          <p className="shell-footer__content">{brand.footer.regulatoryStatement}</p>
          <p className="shell-footer__powered-by">{brand.footer.poweredBy}</p>
        </div>
      </footer>
      {isAuthenticated && !isAdmin ? <ChatPanel /> : null}
      {after}
    </div>
  );
}
