import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChatAction } from '../../components/ui/chat-action';
import type { Policy } from '../../lib/policy/get-policy';
import { useCancellationOptions } from './api/cancellation-api';
import { TitledCard } from '../../components/ui/titled-card';

/**
 * The details sidebar's way to cancel (spec 3 §2, §4 "Cancellation"): a button when the API says
 * the policy may be cancelled now, otherwise the chat route. Nothing once a cancellation is set.
 */
export function CancelSidebarCard({ policy, root }: { policy: Policy; root: string }) {
  const { t } = useTranslation('cancellation');
  const options = useCancellationOptions(policy.policyId);
  if (policy.policyDetail.terminatedAt || options.isPending) return null;
  return (
    <TitledCard titleId="cancel-sidebar-title" title={t('sidebar.title')}>
      {options.data?.allowed ? (
        <Link className="btn btn--secondary" to={`${root}/cancel`}>
          {t('sidebar.cancel')}
        </Link>
      ) : (
        <>
          <p>{t('sidebar.chat')}</p>
          <ChatAction />
        </>
      )}
    </TitledCard>
  );
}
