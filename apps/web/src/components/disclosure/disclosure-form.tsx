import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProposalChange } from '@motor/domain';
import type { InputDefinition } from '@motor/forms';
import { findInput } from '@motor/forms';
import { DynamicForm } from '../form/dynamic-form';
import { AdditionalDriverContext, useInputCopy } from '../form/form-copy';
import { Modal } from '../ui/modal';
import type { ProposalResponse as Proposal } from '@motor/contract';
import { buildChanges, findInputOfErrorPath, getAnswers, getRelatedAnswers } from './sections';
import type { AnswerTarget } from './sections';
import { useDisclosureContext } from './use-disclosure-context';
import { readFieldErrors, useSaveDisclosure } from './use-save-disclosure';
import { useSaveAsYouGo } from './use-save-as-you-go';

export type DisclosureFormProps = {
  proposal: Proposal;
  target: AnswerTarget;
  inputs: readonly InputDefinition[];
  /** The additional driver being edited or added. */
  profileCode?: string;
  isNewProfile?: boolean;
  /**
   * A renewal's answers: those already on the policy keep its read-only rules (a new driver's
   * answers are all open, as the server has them).
   */
  isRenewal?: boolean;
  submitLabel: string;
  idPrefix: string;
  /** After the answers are saved (or nothing changed), with the proposal as it now is. */
  onSaved: (proposal: Proposal) => void;
  secondaryAction?: ReactNode;
  /** Save valid answers as the customer goes, unrated (a quote's section pages). */
  saveAsYouGo?: boolean;
};

type RefusedAnswer = { name: string | null; message: string };

function RefusedAnswerItem({
  input,
  message,
}: {
  input: InputDefinition | undefined;
  message: string;
}): ReactElement {
  const label = useInputCopy(input ?? ({ name: '', meta: {} } as InputDefinition)).label;
  return <li>{input ? `${label}: ${message}` : message}</li>;
}

/** A disclosure page's form: current answers in, the right change type out, refusals in a modal. */
export function DisclosureForm({
  proposal,
  target,
  inputs,
  profileCode,
  isNewProfile = false,
  isRenewal = false,
  submitLabel,
  idPrefix,
  onSaved,
  secondaryAction,
  saveAsYouGo = false,
}: DisclosureFormProps): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const baseContext = useDisclosureContext(proposal.schemeCode, isRenewal && !isNewProfile);
  const context = { ...baseContext, related: getRelatedAnswers(proposal, profileCode) };
  const save = useSaveDisclosure(proposal.proposalCode);
  const [refused, setRefused] = useState<RefusedAnswer[]>([]);
  const [isRefusalOpen, setRefusalOpen] = useState(false);
  const [values] = useState(() => getAnswers(proposal, target, profileCode));
  // A driver's questions are phrased about the driver, named by the first name saved so far.
  const [driver] = useState(() =>
    target === 'additionalProfile'
      ? { firstName: typeof values.firstName === 'string' ? values.firstName : undefined }
      : null,
  );
  const asYouGo = useSaveAsYouGo({
    enabled: saveAsYouGo,
    proposal,
    target,
    inputs,
    context,
    initial: values,
  });

  const submit = async (
    answers: Record<string, unknown>,
    { changedNames }: { changedNames: string[] },
  ) => {
    const changes: ProposalChange[] = buildChanges({
      proposal,
      target,
      values: answers,
      changedNames,
      profileCode,
      isNewProfile,
    });
    const { hasSaved } = await asYouGo.settle();
    // Answers saved as the customer went (now or before a reload) still need their price.
    if (changes.length === 0 && !hasSaved && proposal.quote.ratedAt !== null) {
      onSaved(proposal);
      return;
    }
    try {
      onSaved(await save.mutateAsync({ changes, applyRating: true }));
    } catch (error) {
      const fields = readFieldErrors(error);
      if (!fields) return;
      setRefused(
        fields.map((field) => ({
          name: findInputOfErrorPath(field.path, changes),
          message: field.message,
        })),
      );
      setRefusalOpen(true);
    }
  };

  const serverErrors = Object.fromEntries(
    refused
      .filter((answer): answer is { name: string; message: string } => answer.name !== null)
      .map((answer) => [answer.name, answer.message]),
  );

  return (
    <AdditionalDriverContext value={driver}>
      {/* Focus leaving a field saves what was typed (blur bubbles from every input). */}
      <div onBlur={saveAsYouGo ? asYouGo.onBlur : undefined}>
        <DynamicForm
          inputs={inputs}
          values={values}
          context={context}
          submitLabel={submitLabel}
          onSubmit={submit}
          onAnswersChange={saveAsYouGo ? asYouGo.onChange : undefined}
          isSubmitting={save.isPending}
          serverErrors={serverErrors}
          idPrefix={idPrefix}
          secondaryAction={secondaryAction}
        />
      </div>
      <Modal
        isOpen={isRefusalOpen}
        onClose={() => setRefusalOpen(false)}
        title={t('serverError.title')}
      >
        <div role="alert">
          <p>{t('serverError.message')}</p>
          <ul>
            {refused.map((answer, index) => (
              <RefusedAnswerItem
                key={index}
                input={answer.name ? findInput(inputs, answer.name) : undefined}
                message={answer.message}
              />
            ))}
          </ul>
        </div>
      </Modal>
    </AdditionalDriverContext>
  );
}
