import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolicyAdjustment } from './api/adjustment-api';

/**
 * The referred-change page (spec 3 §4 item 3): the insurer would not cover the change, so
 * confirming it cancels the policy immediately; the customer must tick the cancellation agreement
 * before confirming (spec 3 §5 "Other").
 */
export function ReferralReview({
  adjustment,
  isAgreed,
  onAgreedChange,
}: {
  adjustment: PolicyAdjustment;
  isAgreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  const reasons = adjustment.updatedPolicyVersions.flatMap((version) =>
    version.quote.referralReasons.map((reason) => reason.message),
  );
  return (
    <section className="card policy-change__referral" aria-labelledby="change-referral-title">
      <h2 id="change-referral-title">{t('referral.title')}</h2>
      <p>{t('referral.content')}</p>
      {reasons.length > 0 ? (
        <ul>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <p>
        <strong>{t('referral.warning')}</strong>
      </p>
      <div className="checkbox">
        <input
          id="change-cancellation-agreement"
          type="checkbox"
          className="checkbox__input"
          checked={isAgreed}
          onChange={(event) => onAgreedChange(event.target.checked)}
        />
        <label className="checkbox__label" htmlFor="change-cancellation-agreement">
          {t('referral.agreement')}
        </label>
      </div>
    </section>
  );
}
