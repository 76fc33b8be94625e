import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '@motor/domain';
import { Notification } from '../../components/ui/notification';
import type { Policy } from '../../lib/policy/get-policy';

/** A cancellation set for a later day: the policy stays in force until then. */
export function isCancellationPending(policy: Policy, now: Date): boolean {
  const { terminatedAt } = policy.policyDetail;
  return Boolean(terminatedAt) && new Date(terminatedAt ?? '').getTime() > now.getTime();
}

export function DeferredCancellationNotice({ terminatedAt }: { terminatedAt: string }) {
  const { t } = useTranslation('cancellation');
  return (
    <Notification variant="warning" title={t('notice.title')}>
      {t('notice.deferred', { date: formatDisplayDate(terminatedAt) })}
    </Notification>
  );
}
