import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, safeReturnTo } from '../../lib/paths';
import { useAuth } from '../../lib/auth';
import { reportError } from '../../lib/error-reporting';
import { FailureNotice } from '../../components/ui/failure-notice';

/** The return point of sign-in: completes it and goes on, or says it failed. */
export function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { handleSignInCallback } = useAuth();
  const [failed, setFailed] = useState(!handleSignInCallback);

  useEffect(() => {
    if (!handleSignInCallback) return;
    let isCurrent = true;
    handleSignInCallback().then(
      (returnTo) => {
        if (isCurrent) void navigate(safeReturnTo(returnTo), { replace: true });
      },
      (error: unknown) => {
        reportError(error);
        if (isCurrent) setFailed(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [handleSignInCallback, navigate]);

  return (
    <div className="page-header">
      <h1>{t('callback.title')}</h1>
      {failed ? (
        <>
          <FailureNotice>{t('errors:SIGN_IN_FAILED.content')}</FailureNotice>
          <p className="link-row">
            <Link to={paths.signIn()}>{t('callback.retry')}</Link>
            <Link to={paths.home()}>{t('callback.home')}</Link>
          </p>
        </>
      ) : (
        <p role="status">{t('callback.working')}</p>
      )}
    </div>
  );
}
