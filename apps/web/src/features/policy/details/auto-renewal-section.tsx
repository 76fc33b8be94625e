import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPT_OUT_REASONS, isPolicyEnded, type OptOutReason } from '@motor/domain';
import { OPT_OUT_DETAILS_MAX_LENGTH } from '@motor/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { ProductConfig } from '../../../lib/brand-products';
import type { Policy } from '../api/get-policy';
import { useSetAutoRenewal } from '../api/set-auto-renewal';

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
  const [reason, setReason] = useState<OptOutReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setAutoRenewal = useSetAutoRenewal(policy.policyId);

  if (
    !product.renewal.allowModifyAutoRenewal ||
    policyDetail.renewalStopped === true ||
    isPolicyEnded(policyDetail.policyStatus)
  ) {
    return null;
  }
  const canEdit = product.renewal.autoRenewalOptions.length > 1;

  const open = () => {
    setReason('');
    setDetails('');
    setError(null);
    setIsOpen(true);
  };
  const save = async () => {
    if (enabled && reason === '') return setError(t('autoRenewal.reasonRequired'));
    if (enabled && reason === 'Other' && details.trim() === '') {
      return setError(t('autoRenewal.detailsRequired'));
    }
    try {
      await setAutoRenewal.mutateAsync(
        enabled
          ? { enabled: false, reason: reason as OptOutReason, details: details.trim() || undefined }
          : { enabled: true },
      );
      setIsOpen(false);
    } catch {
      // The error modal explains the failure; the dialog stays open to try again.
    }
  };

  return (
    <section className="card" aria-labelledby="policy-auto-renewal-title">
      <h2 id="policy-auto-renewal-title">{t('autoRenewal.title')}</h2>
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
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <fieldset
              className="radios"
              aria-describedby={error ? 'auto-renewal-error' : undefined}
            >
              <legend className="quote-choices__legend">{t('autoRenewal.reasonLegend')}</legend>
              {OPT_OUT_REASONS.map((code) => (
                <label key={code} className="radios__item">
                  <input
                    type="radio"
                    className="radios__input"
                    name="optOutReason"
                    value={code}
                    checked={reason === code}
                    onChange={() => setReason(code)}
                  />
                  <span className="radios__label">{t(`autoRenewal.reasons.${code}`)}</span>
                </label>
              ))}
            </fieldset>
            {reason === 'Other' ? (
              <div className="field">
                <label className="field__label" htmlFor="auto-renewal-details">
                  {t('autoRenewal.detailsLabel')}
                </label>
                <textarea
                  id="auto-renewal-details"
                  className="input"
                  rows={3}
                  value={details}
                  maxLength={OPT_OUT_DETAILS_MAX_LENGTH}
                  onChange={(event) => setDetails(event.target.value)}
                  aria-describedby={error ? 'auto-renewal-error' : undefined}
                />
              </div>
            ) : null}
            {error ? (
              <p id="auto-renewal-error" className="field__error" role="alert">
                {error}
              </p>
            ) : null}
            <Button type="submit" disabled={setAutoRenewal.isPending}>
              {t('autoRenewal.confirmOff')}
            </Button>
          </form>
        ) : (
          <>
            <p>{t('autoRenewal.onConfirmIntro')}</p>
            <Button onClick={() => void save()} disabled={setAutoRenewal.isPending}>
              {t('autoRenewal.confirmOn')}
            </Button>
          </>
        )}
      </Modal>
    </section>
  );
}
