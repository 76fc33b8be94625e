import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputDefinition } from '@motor/forms';
import { DynamicForm } from '../../../components/form/dynamic-form';
import { AdditionalDriverContext } from '../../../components/form/form-copy';
import { Notification } from '../../../components/ui/notification';
import type { Policy } from '../api/get-policy';
import { buildSectionChanges, getCurrentAnswers, getParties } from './policy-change-rules';
import type { SectionTarget } from './policy-change-rules';
import { useChangeContext } from './use-change-context';
import { useSubmitAdjustment } from './use-submit-adjustment';

/**
 * A management section's disclosure form (the quote's form engine, spec 3 §5 "Dynamic forms"):
 * starts from the current version's answers, sends only the answers that changed as an MTA, and
 * says so instead of sending when nothing changed. Read-only inputs follow the product's rules
 * with isPolicy set (name, date of birth and NCD for customers; the car on driveaway).
 */
export function ChangeDisclosureForm({
  policy,
  target,
  inputs,
  profileCode,
  idPrefix,
  reviewPath,
  secondaryAction,
}: {
  policy: Policy;
  target: SectionTarget;
  inputs: readonly InputDefinition[];
  profileCode?: string;
  idPrefix: string;
  reviewPath: (adjustmentId: string) => string;
  secondaryAction?: ReactNode;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { formContext } = useChangeContext(policy);
  const { submit, isSubmitting, modals } = useSubmitAdjustment(policy);
  const [isUnchanged, setUnchanged] = useState(false);
  const [values] = useState(() => getCurrentAnswers(policy, target, profileCode));
  const { policyholder, asset } = getParties(policy);
  const context = {
    ...formContext,
    related: {
      profile: target === 'additionalProfile' ? values : (policyholder?.data ?? {}),
      asset: asset?.data ?? {},
    },
  };
  const driver =
    target === 'additionalProfile'
      ? { firstName: typeof values.firstName === 'string' ? values.firstName : undefined }
      : null;

  return (
    <AdditionalDriverContext value={driver}>
      {isUnchanged ? (
        <Notification variant="info" isAlert title={t('form.unchangedTitle')}>
          {t('form.unchanged')}
        </Notification>
      ) : null}
      <DynamicForm
        inputs={inputs}
        values={values}
        context={context}
        idPrefix={idPrefix}
        submitLabel={t('form.submit')}
        isSubmitting={isSubmitting}
        readOnlyInfo={{ title: t('form.readOnlyTitle'), message: t('form.readOnly') }}
        secondaryAction={secondaryAction}
        onSubmit={(answers, { changedNames }) => {
          const changes = buildSectionChanges({
            policy,
            target,
            values: answers,
            changedNames,
            profileCode,
          });
          setUnchanged(!submit({ adjustmentType: 'MTA', changes, reviewPath }));
        }}
      />
      {modals}
    </AdditionalDriverContext>
  );
}
