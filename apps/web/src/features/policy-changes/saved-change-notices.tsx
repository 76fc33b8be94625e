import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SavedChange } from '@motor/contract';
import { Notification } from '../../components/ui/notification';
import { formatDate, formatPence } from '../../lib/format';
import { useSavedChanges } from './api/saved-change-api';
import { changePaths } from './change-paths';

// The policy page's "Saved change" notices (issue 35 item 5): each change the customer saved and
// has not confirmed, still kept, with a link back to it. Nothing when there is none (or the list
// cannot be read: the page is about the policy, not this).

/** What a saved change is, in words: its kinds of change, each once. */
function useDescribeChange(): (change: SavedChange) => string {
  const { t } = useTranslation('policy-changes');
  return (change) => {
    const words = [...new Set(change.changeTypes.map((type) => t(`saved.types.${type}`)))];
    return words.length > 0 ? words.join(', ') : t('saved.types.other');
  };
}

function SavedChangeNotice({ change, root }: { change: SavedChange; root: string }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const describe = useDescribeChange();
  const what = describe(change);
  return (
    <Notification
      variant="info"
      title={t('saved.noticeTitle')}
      action={
        <Link className="btn btn--primary" to={changePaths(root).savedChange(change.adjustmentId)}>
          {t('saved.continue')}
          <span className="visually-hidden"> ({what})</span>
        </Link>
      }
    >
      <p>{t('saved.noticeWhat', { what })}</p>
      <p>
        {t('saved.noticeDates', {
          savedOn: formatDate(change.savedAt),
          until: formatDate(change.savedUntil),
        })}
      </p>
      <p>
        {change.instalment === null
          ? t('saved.price', { premium: formatPence(change.premium) })
          : t('saved.priceMonthly', {
              premium: formatPence(change.premium),
              instalment: formatPence(change.instalment),
            })}
      </p>
    </Notification>
  );
}

export function SavedChangeNotices({
  policyId,
  root,
}: {
  policyId: string;
  root: string;
}): ReactElement | null {
  const { data } = useSavedChanges(policyId);
  if (!data || data.length === 0) return null;
  return (
    <div className="policy-saved-changes">
      {data.map((change) => (
        <SavedChangeNotice key={change.adjustmentId} change={change} root={root} />
      ))}
    </div>
  );
}
