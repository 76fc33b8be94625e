import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showsUpsellBanner } from '@motor/domain';
import { Notification } from '../../components/ui/notification';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { findSchemeByCode } from '../../lib/schemes';
import type { Policy } from '../../lib/policy/get-policy';
import './upsell-banner.css';

/**
 * The policy's upsell banner (spec 3 §4): the upgrade offer made as a Driveaway policy ends, shown
 * while it is a QUOTE (view it on the upgrade page), QUOTE_EXPIRED (update its start date) or
 * INSUFFICIENT_ACCURACY (resume it), as the proposal cards act (spec 1 §4). Nothing otherwise.
 */
export function UpsellBanner({ policy }: { policy: Policy }) {
  const { t } = useTranslation('servicing');
  const upsell = policy.upsellProposal;
  const scheme = upsell ? findSchemeByCode(upsell.schemeCode ?? undefined) : null;
  const current = findSchemeByCode(policy.schemeCode);
  if (!upsell || !scheme || !showsUpsellBanner(upsell)) return null;
  const names = { name: scheme.name, current: current?.name ?? '' };
  const status = upsell.status as 'QUOTE' | 'QUOTE_EXPIRED' | 'INSUFFICIENT_ACCURACY';
  const isEnded = !['ACTIVE', 'PENDING'].includes(policy.policyDetail.policyStatus);
  const ends = t(isEnded ? 'upsell.ended' : 'upsell.ends', {
    ...names,
    date: formatDate(policy.policyDetail.expiredAt ?? ''),
  });
  const to =
    status === 'QUOTE'
      ? paths.proposalUpgrade(scheme.urlName, upsell.proposalCode)
      : paths.proposal(scheme.urlName, upsell.proposalCode);
  return (
    <div className="policy-upsell-banner">
      <Notification
        variant={status === 'QUOTE_EXPIRED' ? 'warning' : 'info'}
        title={t(`upsell.${status}.title`, names)}
        action={
          <Link className="btn btn--primary" to={to}>
            {t(`upsell.${status}.action`, names)}
          </Link>
        }
      >
        <p>
          {ends} {t(`upsell.${status}.body`, names)}
        </p>
      </Notification>
    </div>
  );
}
