import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import type { StaffPermission } from './permissions';
import { BackToConsole } from './back-to-console';

/**
 * Spec 1 §2: shown when the admin screens are opened without an admin with the right role. A
 * staff member without the page's permission (or refused it by the API, 403) is told which one
 * it needs and led back to the console (issue 31 item 3).
 */
export function UnauthorisedPage({ permission }: { permission?: StaffPermission } = {}) {
  const { t } = useTranslation();
  const { t: tAdmin } = useTranslation('admin');
  const location = useLocation();
  const { isAuthenticated, isAdmin, signIn } = useAuth();
  return (
    <div className="page-header">
      <h1>{t('admin.unauthorised.title', 'Unauthorised')}</h1>
      <p className="lead">
        {t(
          'admin.unauthorised.content',
          'You must be signed in as an admin with the right role to see this page.',
        )}
      </p>
      {isAdmin && permission ? (
        <>
          <p>{tAdmin('permission.missing', { permission })}</p>
          <BackToConsole />
        </>
      ) : null}
      {!isAuthenticated && signIn ? (
        <Button onClick={() => void signIn(`${location.pathname}${location.search}`)}>
          {t('admin.unauthorised.signIn', 'Sign in')}
        </Button>
      ) : null}
    </div>
  );
}
