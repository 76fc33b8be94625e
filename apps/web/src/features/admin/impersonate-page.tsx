import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { setImpersonatedUserId } from '../../lib/auth/impersonation';
import { UnauthorisedPage } from './unauthorised-page';

const IMPERSONATE_PERMISSION = 'access:impersonate';

/** Spec 1 §2 admin mode: choose the customer to act for (also from ?impersonate=). */
export function ImpersonatePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { isAdmin, permissions } = useAuth();
  const [userId, setUserId] = useState(searchParams.get('impersonate') ?? '');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  if (!isAdmin || !(permissions ?? []).includes(IMPERSONATE_PERMISSION)) {
    return <UnauthorisedPage />;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId.trim()) {
      setError(t('admin.impersonate.required', 'Enter the user id of the customer'));
      return;
    }
    setImpersonatedUserId(userId.trim());
    // A full reload so every cached query is refetched as the customer.
    window.location.assign(paths.home());
  };

  return (
    <div className="page-header">
      <h1>{t('admin.impersonate.title', 'Act for a customer')}</h1>
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>{t('admin.impersonate.label', 'Customer user id')}</label>
        {error ? (
          <p id={`${inputId}-error`} className="field-error">
            <span className="visually-hidden">{t('admin.error', 'Error:')} </span>
            {error}
          </p>
        ) : null}
        <input
          id={inputId}
          name="userId"
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          aria-describedby={error ? `${inputId}-error` : undefined}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit">{t('admin.impersonate.submit', 'Continue')}</Button>
      </form>
    </div>
  );
}
