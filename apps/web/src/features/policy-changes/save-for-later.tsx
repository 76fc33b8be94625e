import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_CHANGE_DAYS } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import type { AdjustmentRef } from './api/adjustment-api';
import { useSaveChange } from './api/saved-change-api';
import { FailureNotice } from '../../components/ui/failure-notice';

// The review page's "Save this change for later" (issue 35 item 5): keeps an allowed, unconfirmed
// change for SAVED_CHANGE_DAYS and e-mails the customer a link; the outcome is announced in a
// status region that is on the page from the start, so that screen readers read what changes.

function serverMessageOf(error: unknown): string | null {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return null;
  const body = error.failure.data as { error?: { message?: unknown } } | null;
  return typeof body?.error?.message === 'string' ? body.error.message : null;
}

export function SaveForLater({ policyId, adjustmentId }: AdjustmentRef): ReactElement {
  const { t } = useTranslation('policy-changes');
  const save = useSaveChange(policyId, adjustmentId);
  return (
    <div className="policy-change__save">
      <Button variant="inverted" disabled={save.isPending} onClick={() => save.mutate()}>
        {t('saved.save')}
      </Button>
      <div role="status">
        {save.data ? (
          <p>
            {t('saved.savedStatus', {
              days: SAVED_CHANGE_DAYS,
              date: formatDate(save.data.savedUntil),
            })}
          </p>
        ) : null}
      </div>
      {save.isError ? (
        <FailureNotice>{serverMessageOf(save.error) ?? t('saved.saveFailed')}</FailureNotice>
      ) : null}
    </div>
  );
}
