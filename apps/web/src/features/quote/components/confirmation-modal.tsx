import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProposalChange } from '@motor/domain';
import { DynamicForm } from '../../../components/form/dynamic-form';
import { Modal } from '../../../components/ui/modal';
import type { ProductConfig } from '../../../lib/brand-products';
import type { Proposal } from '../api/get-proposal';
import {
  buildConfirmationChanges,
  createVehicleRegistrationInput,
  getConfirmationInputs,
} from '../confirmation';
import { getRelatedAnswers } from '../../../components/disclosure/sections';
import { useDisclosureContext } from '../../../components/disclosure/use-disclosure-context';

/**
 * The proposal-confirmation modal (spec 2 §2): the product's proposalConfirmation questions that
 * have no answer yet, and the vehicle registration when the car was chosen without one.
 */
export function ConfirmationModal({
  isOpen,
  onClose,
  proposal,
  product,
  missing,
  onSave,
  isSaving,
}: {
  isOpen: boolean;
  onClose: () => void;
  proposal: Proposal;
  product: ProductConfig;
  missing: readonly string[];
  onSave: (changes: ProposalChange[]) => Promise<unknown>;
  isSaving: boolean;
}) {
  const { t } = useTranslation('quote');
  const baseContext = useDisclosureContext(proposal.schemeCode);
  const context = useMemo(
    () => ({ ...baseContext, related: getRelatedAnswers(proposal) }),
    [baseContext, proposal],
  );
  const inputs = useMemo(
    () =>
      getConfirmationInputs({
        product,
        missing,
        registrationInput: createVehicleRegistrationInput({
          label: t('confirmation.registration'),
          hint: t('confirmation.registrationHint'),
        }),
      }),
    [product, missing, t],
  );

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('confirmation.title')}>
      <p>{t('confirmation.intro')}</p>
      <DynamicForm
        inputs={inputs}
        values={{}}
        context={context}
        idPrefix="confirmation"
        submitLabel={t('confirmation.save')}
        isSubmitting={isSaving}
        onSubmit={async (values) => {
          try {
            await onSave(buildConfirmationChanges(proposal, values));
            onClose();
          } catch {
            // The error modal explains the failure; the answers stay to try again.
          }
        }}
      />
    </Modal>
  );
}
