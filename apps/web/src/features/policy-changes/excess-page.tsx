import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@motor/domain';
import type { Policy } from '../../lib/policy/get-policy';
import { ChangeForm, UnchangedNotice } from './change-form';
import { RadioList } from '../../components/form/radio-list';
import { ChangePageLayout } from './change-page-layout';
import { ChatAction } from '../../components/ui/chat-action';
import { useChangeContext } from './use-change-context';
import { useSubmitAdjustment } from './use-submit-adjustment';

/**
 * excess: the voluntary excess, one of the product's amounts (spec 3 §5 "Other"). Customers may
 * change it only when the product marks it adjustable; staff always (spec 3 §6).
 */
export function ExcessPage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { product, paths, isAdmin } = useChangeContext(policy);
  const { submit, isSubmitting, modals } = useSubmitAdjustment(policy);
  const current = policy.currentPolicyVersion.quote.voluntaryExcess ?? 0;
  const [selected, setSelected] = useState(current);
  const [isUnchanged, setUnchanged] = useState(false);
  const canEdit = isAdmin || product.excess.isAdjustable;
  const back = { to: paths.root, label: t('backToPolicy') };

  if (!canEdit) {
    return (
      <ChangePageLayout title={t('excess.title')} back={back}>
        <p>{t('excess.notAdjustable')}</p>
        <ChatAction />
      </ChangePageLayout>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes =
      selected === current
        ? []
        : [{ changeType: 'SELECT_VOLUNTARY_EXCESS' as const, excess: selected }];
    setUnchanged(!submit({ adjustmentType: 'MTA', changes, reviewPath: paths.excessReview }));
  };

  return (
    <ChangePageLayout title={t('excess.title')} intro={t('excess.intro')} back={back}>
      <UnchangedNotice shown={isUnchanged} />
      <ChangeForm onSubmit={onSubmit} isSubmitting={isSubmitting}>
        <RadioList
          legend={t('excess.legend')}
          name="voluntaryExcess"
          options={product.excess.voluntaryExcess}
          value={selected}
          onChange={setSelected}
          label={(amount) => (
            <>
              {formatMoney(amount, { style: 'short' })}
              {amount === current ? ` ${t('excess.current')}` : ''}
            </>
          )}
        />
      </ChangeForm>
      {modals}
    </ChangePageLayout>
  );
}
