import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, isPolicyEnded } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { ChatAction } from '../../components/ui/chat-action';
import { Notification } from '../../components/ui/notification';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { findSchemeByCode } from '../../lib/schemes';
import type { Policy } from '../../lib/policy/get-policy';
import { useSetAutoRenewal } from './api/set-auto-renewal';

type RenewalBannerKind = 'optedIn' | 'optedOut' | 'referral';

/**
 * Which renewal banner a policy shows (spec 3 §4 "Renewal and upsell banners"): only in renewal
 * (an offer exists, the policy has not ended) with renewal not stopped; a QUOTE shows opted in
 * or opted out by auto-renewal (on when unknown), a REFERRAL the critical one; else none.
 */
function getRenewalBannerKind(
  policy: Pick<Policy, 'policyDetail' | 'renewalProposal'>,
): RenewalBannerKind | null {
  const renewal = policy.renewalProposal;
  const { policyDetail } = policy;
  if (!renewal || policyDetail.renewalStopped === true) return null;
  if (isPolicyEnded(policyDetail.policyStatus)) return null;
  if (renewal.status === 'REFERRAL') return 'referral';
  if (renewal.status !== 'QUOTE') return null;
  return policyDetail.autoRenewalEnabled === false ? 'optedOut' : 'optedIn';
}

/** The renewal banner on the policy's details tab: view, opt in again, or chat (referral). */
export function RenewalBanner({ policy }: { policy: Policy }): ReactElement | null {
  const { t } = useTranslation('servicing');
  const setAutoRenewal = useSetAutoRenewal(policy.policyId);
  const kind = getRenewalBannerKind(policy);
  const renewal = policy.renewalProposal;
  if (!kind || !renewal) return null;
  const date = formatDate(renewal.startAt ?? policy.policyDetail.expiredAt ?? '');
  const price = renewal.totalPremium != null ? formatMoney(renewal.totalPremium) : '';

  if (kind === 'referral') {
    return (
      <Notification
        variant="critical"
        title={t('renewalBanner.referral.title')}
        action={<ChatAction />}
      >
        <p>{t('renewalBanner.referral.body', { date })}</p>
      </Notification>
    );
  }
  if (kind === 'optedOut') {
    return (
      <Notification
        variant="warning"
        title={t('renewalBanner.optedOut.title')}
        action={
          <Button
            variant="inverted"
            disabled={setAutoRenewal.isPending}
            onClick={() => setAutoRenewal.mutate({ enabled: true })}
          >
            {t('renewalBanner.optedOut.optIn')}
          </Button>
        }
      >
        <p>{t('renewalBanner.optedOut.body', { date })}</p>
      </Notification>
    );
  }
  const urlName = findSchemeByCode(renewal.schemeCode ?? policy.schemeCode)?.urlName ?? '';
  return (
    <Notification
      variant="info"
      title={t('renewalBanner.optedIn.title')}
      action={
        <Link className="btn btn--secondary" to={paths.renewal(urlName, renewal.proposalCode)}>
          {t('renewalBanner.optedIn.view')}
        </Link>
      }
    >
      <p>
        {price
          ? t('renewalBanner.optedIn.body', { date, price })
          : t('renewalBanner.optedIn.bodyNoPrice', { date })}
      </p>
    </Notification>
  );
}
