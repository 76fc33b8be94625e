import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetPolicyAutoRenewalRequest } from '@motor/contract';
import { isPolicyEnded } from '@motor/domain';
import { OptOutReasonForm } from '../../components/form/opt-out-reason-fields';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import type { ProductConfig } from '../../lib/brand-products';
import type { Policy } from '../../lib/policy/get-policy';
import { useSetAutoRenewal } from './api/set-auto-renewal';
import { TitledCard } from '../../components/ui/titled-card';

/**
 * Auto-renewal (spec 3 §4; FCA ICOBS 6A.6: opting out online at any time): its state, enabled when
 * unknown, and a modal to turn it off with a reason (Other with details) or back on. Hidden when
 * the product does not let the customer change it, renewal is stopped or the policy has ended.
 */
export function AutoRenewalSection({
  policy,
  product,
}: {
  policy: Policy;
  product: ProductConfig;
}) {
  const { t } = useTranslation('servicing');
  const { policyDetail } = policy;
  const enabled = policyDetail.autoRenewalEnabled ?? true;
  const [isOpen, setIsOpen] = useState(false);
  const setAutoRenewal = useSetAutoRenewal(policy.policyId);

  if (
    !product.renewal.allowModifyAutoRenewal ||
    policyDetail.renewalStopped === true ||
    isPolicyEnded(policyDetail.policyStatus)
  ) {
    return null;
  }
  const canEdit = product.renewal.autoRenewalOptions.length > 1;

  // The modal's form is made afresh each time it opens: no reason chosen, no error.
  const open = () => setIsOpen(true);
  const save = async (request: SetPolicyAutoRenewalRequest) => {
    try {
      await setAutoRenewal.mutateAsync(request);
      setIsOpen(false);
    } catch {
      // The error modal explains the failure; the dialog stays open to try again.
    }
  };

  return (
    <TitledCard titleId="policy-auto-renewal-title" title={t('autoRenewal.title')}>
      <p>
        <strong>{enabled ? t('autoRenewal.on') : t('autoRenewal.off')}</strong>
      </p>
      <p className="text-muted">{enabled ? t('autoRenewal.onIntro') : t('autoRenewal.offIntro')}</p>
      {canEdit ? (
        <Button variant="inverted" onClick={open}>
          {enabled ? t('autoRenewal.turnOff') : t('autoRenewal.turnOn')}
        </Button>
      ) : null}
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={enabled ? t('autoRenewal.offTitle') : t('autoRenewal.onTitle')}
      >
        {enabled ? (
          <OptOutReasonForm
            idPrefix="auto-renewal"
            reasons={product.renewal.optOutReasons}
            onSend={save}
            isPending={setAutoRenewal.isPending}
            submitLabel={t('autoRenewal.confirmOff')}
          />
        ) : (
          <>
            <p>{t('autoRenewal.onConfirmIntro')}</p>
            <Button
              onClick={() => void save({ enabled: true })}
              disabled={setAutoRenewal.isPending}
            >
              {t('autoRenewal.confirmOn')}
            </Button>
          </>
        )}
      </Modal>
    </TitledCard>
  );
}
