import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';

/** Spec 1 §2: shown when the admin screens are opened without an admin with the right role. */
export function UnauthorisedPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { isAuthenticated, signIn } = useAuth();
  return (
    <div className="page-header">
      <h1>{t('admin.unauthorised.title', 'Unauthorised')}</h1>
      <p className="lead">
        {t(
          'admin.unauthorised.content',
          'You must be signed in as an admin with the right role to see this page.',
        )}
      </p>
      {!isAuthenticated && signIn ? (
        <Button onClick={() => void signIn(`${location.pathname}${location.search}`)}>
          {t('admin.unauthorised.signIn', 'Sign in')}
        </Button>
      ) : null}
    </div>
  );
}
