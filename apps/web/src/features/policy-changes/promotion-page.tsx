import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/form/text-input';
import { Notification } from '../../components/ui/notification';
import type { Policy } from '../../lib/policy/get-policy';
import { ChangeForm } from './change-form';
import { ChangePageLayout } from './change-page-layout';
import { useChangeContext } from './use-change-context';
import { useSubmitAdjustment } from './use-submit-adjustment';

/**
 * management/section/PROMOTION (spec 3 §2 section types): the customer types a promotion code
 * they were given; the server checks it and prices the change (the discount off every month from
 * now), and the review page shows the new monthly payment. A policy takes one promotion.
 */
export function PromotionPage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { paths } = useChangeContext(policy);
  const { submit, isSubmitting, modals } = useSubmitAdjustment(policy);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const hasPromotion = Boolean(policy.currentPolicyVersion.quote.promoCode);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(t('promotion.required'));
      return;
    }
    submit({
      adjustmentType: 'MTA',
      changes: [],
      promotionActivationCode: typed,
      reviewPath: (adjustmentId) => paths.sectionReview('promotion', adjustmentId),
      onRefused: (fields) => setError(fields[0]?.message || t('promotion.required')),
    });
  };

  return (
    <ChangePageLayout
      title={t('management.sections.promotion.title')}
      intro={t('management.sections.promotion.intro')}
      back={{ to: paths.management, label: t('backToManagement') }}
    >
      {hasPromotion ? (
        <Notification variant="info" title={t('promotion.appliedTitle')}>
          {t('promotion.applied')}
        </Notification>
      ) : (
        <ChangeForm onSubmit={onSubmit} isSubmitting={isSubmitting}>
          <TextInput
            id="change-promotion-code"
            label={t('promotion.label')}
            hint={t('promotion.hint')}
            value={code}
            error={error}
            autoComplete="off"
            normalise={(next) => next.toUpperCase()}
            onChange={(next) => {
              setCode(next);
              setError(undefined);
            }}
          />
        </ChangeForm>
      )}
      {modals}
    </ChangePageLayout>
  );
}
