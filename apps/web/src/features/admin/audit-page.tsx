import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { useAuditEntries } from './api/staff-console';
import { AuditTable } from './customer-page';
import { UnauthorisedPage } from './unauthorised-page';
import { BackToConsole } from './back-to-console';
import { ListOrNone, QueryState } from './staff-report';

const AUDIT_PERMISSION = 'access:audit';

/** Issue 18 item 2: every staff action, newest first, by customer and staff member. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const { isAdmin, permissions } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = {
    customer: searchParams.get('customer') ?? '',
    staff: searchParams.get('staff') ?? '',
  };
  const [customer, setCustomer] = useState(filter.customer);
  const [staff, setStaff] = useState(filter.staff);
  const id = useId();
  const allowed = isAdmin && (permissions ?? []).includes(AUDIT_PERMISSION);
  const entries = useAuditEntries(filter, allowed);

  if (!allowed) return <UnauthorisedPage />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (customer.trim()) next.customer = customer.trim();
    if (staff.trim()) next.staff = staff.trim();
    setSearchParams(next);
  };
  const onClear = () => {
    setCustomer('');
    setStaff('');
    setSearchParams({});
  };

  return (
    <div className="page-header staff-audit">
      <BackToConsole />
      <h1>{t('audit.title')}</h1>
      <p className="lead">{t('audit.intro')}</p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`}>{t('audit.filters')}</h2>
        <label htmlFor={`${id}-customer`}>{t('audit.customer')}</label>
        <input
          id={`${id}-customer`}
          name="customer"
          value={customer}
          onChange={(event) => setCustomer(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <label htmlFor={`${id}-staff`}>{t('audit.staff')}</label>
        <input
          id={`${id}-staff`}
          name="staff"
          value={staff}
          onChange={(event) => setStaff(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit">{t('audit.apply')}</Button>
        <Button type="button" variant="inverted" onClick={onClear}>
          {t('audit.clear')}
        </Button>
      </form>
      <section aria-labelledby={`${id}-entries`}>
        <h2 id={`${id}-entries`}>{t('audit.entries')}</h2>
        <QueryState query={entries} loading={t('audit.loading')} failed={t('audit.failed')}>
          {(data) => (
            <ListOrNone count={data.entries.length} none={t('audit.none')}>
              <AuditTable entries={data.entries} caption={t('audit.entries')} />
            </ListOrNone>
          )}
        </QueryState>
      </section>
    </div>
  );
}
