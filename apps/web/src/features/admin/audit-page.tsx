import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useAuditEntries } from './api/staff-console';
import { AuditTable } from './customer-page';
import { STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { UnauthorisedPage } from './unauthorised-page';
import { useAddressFilter } from './use-address-filter';
import { FilterField } from './filter-field';
import { BackToConsole } from './back-to-console';
import { ListOrNone, QueryState } from './staff-report';

/** Issue 18 item 2: every staff action, newest first, by customer and staff member. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const filter = useAddressFilter(['customer', 'staff']);
  const id = useId();
  const allowed = useStaffPermission()(STAFF_PERMISSIONS.audit);
  const entries = useAuditEntries(filter.applied, allowed);

  if (!allowed) return <UnauthorisedPage />;

  return (
    <div className="page-header staff-audit">
      <BackToConsole />
      <h1>{t('audit.title')}</h1>
      <p className="lead">{t('audit.intro')}</p>
      <form onSubmit={filter.apply} noValidate aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`}>{t('audit.filters')}</h2>
        <FilterField filter={filter} name="customer" formId={id} label={t('audit.customer')} />
        <FilterField filter={filter} name="staff" formId={id} label={t('audit.staff')} />
        <Button type="submit">{t('audit.apply')}</Button>
        <Button type="button" variant="inverted" onClick={filter.clear}>
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
