import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { setImpersonatedUserId } from '../../lib/auth/impersonation';
import { nullOn404 } from '../../lib/api-client';
import { useApiClient } from '../../lib/use-api-client';
import { STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { UnauthorisedPage } from './unauthorised-page';
import { BackToConsole } from './back-to-console';

/**
 * Spec 1 §6 admin mode: choose the customer to act for by user id (also from ?impersonate=).
 * The id is checked first: an unknown customer is refused with a message and nothing is kept.
 */
export function ImpersonatePage() {
  const { t } = useTranslation('admin');
  const [searchParams] = useSearchParams();
  const allowed = useStaffPermission()(STAFF_PERMISSIONS.impersonate);
  const client = useApiClient();
  const [userId, setUserId] = useState(searchParams.get('impersonate') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const inputId = useId();

  if (!allowed) {
    return <UnauthorisedPage />;
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const id = userId.trim();
    if (!id) {
      setError(t('impersonate.required'));
      return;
    }
    setIsChecking(true);
    try {
      const customer = await nullOn404(
        client.get<unknown>(`/admin/customers/${encodeURIComponent(id)}`),
      );
      if (customer === null) {
        setError(t('impersonate.unknown'));
        return;
      }
    } catch {
      setError(t('impersonate.failed'));
      return;
    } finally {
      setIsChecking(false);
    }
    setImpersonatedUserId(id);
    // A full reload so every cached query is refetched as the customer.
    window.location.assign(paths.home());
  };

  return (
    <div className="page-header">
      <BackToConsole />
      <h1>{t('impersonate.title')}</h1>
      <p className="lead">{t('impersonate.intro')}</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <label htmlFor={inputId}>{t('impersonate.label')}</label>
        {error ? (
          <p id={`${inputId}-error`} className="field-error">
            <span className="visually-hidden">{t('impersonate.error')} </span>
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
        <Button type="submit" disabled={isChecking}>
          {t('impersonate.submit')}
        </Button>
      </form>
    </div>
  );
}
