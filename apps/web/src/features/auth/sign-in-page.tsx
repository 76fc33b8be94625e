import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, safeReturnTo } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';

export function SignInPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { isAuthenticated, signIn } = useAuth();
  const returnTo = safeReturnTo(searchParams.get('returnTo'));

  if (isAuthenticated) return <Navigate to={returnTo} replace />;

  return (
    <div className="sign-in">
      <div className="page-header">
        <h1>{t('signIn.title')}</h1>
        <p className="lead">{t('signIn.intro')}</p>
        {returnTo !== paths.home() ? <p className="text-muted">{t('signIn.returnNote')}</p> : null}
      </div>
      {signIn ? (
        <Button onClick={() => void signIn(returnTo)}>{t('signIn.continue')}</Button>
      ) : (
        <p role="status" className="notice">
          {t('signIn.unavailable')}
        </p>
      )}
      <p>
        <Link className="standalone-link" to={paths.home()}>
          {t('signIn.home')}
        </Link>
      </p>
    </div>
  );
}
