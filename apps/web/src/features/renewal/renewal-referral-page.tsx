import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatAction } from '../../components/ui/chat-action';
import { Notification } from '../../components/ui/notification';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import type { RenewalProposal } from './api/renewal-api';
import { PageHeader } from '../../components/ui/page-header';

/** A renewal underwriting referred (spec 2 §2): no price online; the customer chats with us. */
export function RenewalReferralPage({ proposal }: { proposal: RenewalProposal }): ReactElement {
  const { t } = useTranslation('renewal');
  const endsAt = proposal.sourcePolicy?.detail.expiredAt ?? proposal.startAt;
  return (
    <div className="quote-page quote-page--narrow">
      <PageHeader title={t('referral.title')} />
      <Notification variant="critical" title={t('referral.noticeTitle')}>
        <p>{t('referral.body', { date: endsAt ? formatDate(endsAt) : '' })}</p>
      </Notification>
      <p>
        <ChatAction />
      </p>
      <p>
        <Link to={paths.home()}>{t('referral.home')}</Link>
      </p>
    </div>
  );
}
