import { useTranslation } from 'react-i18next';
import { Notification } from '../../components/ui/notification';
import { formatPlate } from '../../lib/format';
import type { Policy } from '../../lib/policy/get-policy';
import { describeCar } from '../../lib/policy/policy-facts';
import { usePolicyMid } from './api/get-policy-mid';

// Issue 35 item 1: the customer reads that their car is on the Motor Insurance Database (what the
// police check), or that we are adding it or sending a change. A failed submission reads as
// "adding": we keep trying, and staff see the failure.

/** The Motor Insurance Database notice of a policy on cover or about to be; nothing otherwise. */
export function MidNotice({ policy }: { policy: Policy }) {
  const { t } = useTranslation('servicing');
  const isOnCover = ['ACTIVE', 'PENDING'].includes(policy.policyDetail.policyStatus);
  const { data: mid } = usePolicyMid(policy.policyId, isOnCover);
  if (!isOnCover || !mid || mid.status === 'REMOVED') return null;
  const car = describeCar(policy);
  /** 'BMW 3 Series 320i M Sport (BM24 XYZ)', or as much of it as the policy tells. */
  const describe = (registration: string) =>
    [car.name, registration && `(${registration})`].filter(Boolean).join(' ');
  if (mid.status === 'ON_MID') {
    const registration = mid.registration ? formatPlate(mid.registration) : car.registration;
    return (
      <Notification variant="success" title={t('details.mid.onTitle')}>
        {t('details.mid.on', { car: describe(registration) })}
      </Notification>
    );
  }
  // Something confirmed before: a change is on its way; nothing yet: the car is being added.
  if (mid.confirmedAt) {
    return (
      <Notification variant="info" title={t('details.mid.updatingTitle')}>
        {t('details.mid.updating')}
      </Notification>
    );
  }
  return (
    <Notification variant="info" title={t('details.mid.pendingTitle')}>
      {t('details.mid.pending', { car: describe(car.registration) })}
    </Notification>
  );
}
