import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValidationResponse } from '@motor/contract';
import { shouldSubmitAdjustment } from '@motor/domain';
import { isInputVisible } from '@motor/forms';
import type { FormContext, FormValues, InputDefinition } from '@motor/forms';
import { DynamicForm } from '../../components/form/dynamic-form';
import { AdditionalDriverContext, useInputCopy } from '../../components/form/form-copy';
import { useShowError } from '../../components/ui/error-modal';
import { Modal } from '../../components/ui/modal';
import { reportError } from '../../lib/error-reporting';
import type { Policy } from '../../lib/policy/get-policy';
import { getParties } from '../../lib/policy/policy-facts';
import { useValidateForm } from './api/validate-form-api';
import { UnchangedNotice } from './change-form';
import { buildSectionChanges, findProfile, getCurrentAnswers } from './policy-change-rules';
import type { SectionTarget } from './policy-change-rules';
import { useChangeContext } from './use-change-context';
import { useSubmitAdjustment } from './use-submit-adjustment';

/** A server error the form can show: the input it belongs to and its text. */
type ShownError = { input: InputDefinition; message: string };

/**
 * The server's errors that belong to a question of the form (a loop row's field belongs to its
 * loop), first per question, in the server's order; the rest are for the log only.
 */
function matchServerErrors(options: {
  errors: FormValidationResponse['errors'];
  inputs: readonly InputDefinition[];
  values: FormValues;
  context: FormContext;
}): { shown: ShownError[]; unmatched: FormValidationResponse['errors'] } {
  const { errors, inputs, values, context } = options;
  const visible = inputs.filter((input) => isInputVisible({ input, values, context }));
  const shown: ShownError[] = [];
  const unmatched: FormValidationResponse['errors'] = [];
  for (const error of errors) {
    const input = visible
      .filter(
        (candidate) => error.path === candidate.name || error.path.startsWith(`${candidate.name}.`),
      )
      .sort((a, b) => b.name.length - a.name.length)[0];
    if (!input) unmatched.push(error);
    else if (!shown.some((known) => known.input === input))
      shown.push({ input, message: error.message });
  }
  return { shown, unmatched };
}

/** The modal's text: the question as the form words it, then the server's message. */
function RefusedAnswer({ error }: { error: ShownError }): ReactElement {
  const { label } = useInputCopy(error.input);
  return <p>{label ? `${label}: ${error.message}` : error.message}</p>;
}

/**
 * A management section's disclosure form (the quote's form engine, spec 3 §5 "Dynamic forms"):
 * starts from the current version's answers, sends only the answers that changed as an MTA, and
 * says so instead of sending when nothing changed. Read-only inputs follow the product's rules
 * with isPolicy set (name, date of birth and NCD for customers; the car on driveaway).
 * Before the change is priced, the server validates the section (spec 3 §5, validateForm): its
 * errors show under their questions and the first in a modal; errors of no question are logged.
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
  const validateForm = useValidateForm();
  const showError = useShowError();
  const [isUnchanged, setUnchanged] = useState(false);
  const [serverErrors, setServerErrors] = useState<ShownError[]>([]);
  const [isRefusalOpen, setRefusalOpen] = useState(false);
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
      <UnchangedNotice shown={isUnchanged} />
      <DynamicForm
        inputs={inputs}
        values={values}
        context={context}
        idPrefix={idPrefix}
        submitLabel={t('form.submit')}
        readOnlyInfo={{ title: t('form.readOnlyTitle'), message: t('form.readOnly') }}
        secondaryAction={secondaryAction}
        serverErrors={Object.fromEntries(
          serverErrors.map((error) => [error.input.name, error.message]),
        )}
        onSubmit={async (answers, { changedNames }) => {
          const changes = buildSectionChanges({
            policy,
            target,
            values: answers,
            changedNames,
            profileCode,
          });
          const draft = { adjustmentType: 'MTA' as const, changes, reviewPath };
          setUnchanged(!shouldSubmitAdjustment(draft));
          if (!shouldSubmitAdjustment(draft)) return;
          // A driver being added has nothing stored to protect: no read-only answers.
          const isNewDriver = target === 'additionalProfile' && !findProfile(policy, profileCode);
          let result: FormValidationResponse;
          try {
            result = await validateForm.mutateAsync({
              form: target,
              request: {
                schemeCode: policy.schemeCode,
                data: answers,
                related: {
                  profile: target === 'asset' ? (policyholder?.data ?? {}) : answers,
                  asset: target === 'asset' ? answers : (asset?.data ?? {}),
                },
                isPolicy: !isNewDriver,
              },
            });
          } catch (error) {
            showError(error);
            return;
          }
          const { shown, unmatched } = matchServerErrors({
            errors: result.errors,
            inputs,
            values: answers,
            context,
          });
          if (unmatched.length > 0) {
            reportError(new Error('Server form validation error'), { form: target, unmatched });
          }
          setServerErrors(shown);
          setRefusalOpen(shown.length > 0);
          if (shown.length === 0) submit(draft);
        }}
        isSubmitting={isSubmitting || validateForm.isPending}
      />
      <Modal
        isOpen={isRefusalOpen}
        onClose={() => setRefusalOpen(false)}
        title={t('form.serverErrorTitle')}
      >
        <div role="alert">{serverErrors[0] ? <RefusedAnswer error={serverErrors[0]} /> : null}</div>
      </Modal>
      {modals}
    </AdditionalDriverContext>
  );
}
