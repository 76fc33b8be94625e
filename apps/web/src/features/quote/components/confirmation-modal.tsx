import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isCompleteRegistration } from '@motor/forms';
import { paths } from '../../../app/paths';
import { LicencePlateInput } from '../../../components/form/licence-plate-input';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { registrationFormat } from '../registration-format';
import { VEHICLE_REGISTRATION_INPUT } from '../proposal-rules';

/** The disclosure section each confirmation input is answered in. */
const SECTION_OF_INPUT: Record<string, string> = {
  vehicle: 'your-car',
  firstName: 'about-you',
  lastName: 'about-you',
  dateOfBirth: 'about-you',
  address: 'about-you',
  email: 'contact-details',
};

/**
 * The proposal-confirmation modal (spec 2 §2): asks for the vehicle registration when the car was
 * chosen without one, and sends the customer to the section of every other missing answer.
 */
export function ConfirmationModal({
  isOpen,
  onClose,
  missing,
  onSaveRegistration,
  isSaving,
}: {
  isOpen: boolean;
  onClose: () => void;
  missing: readonly string[];
  onSaveRegistration: (vrn: string) => Promise<unknown>;
  isSaving: boolean;
}) {
  const { t } = useTranslation('quote');
  const { productUrlName = '', proposalCode = '' } = useParams();
  const [vrn, setVrn] = useState('');
  const [error, setError] = useState<string | undefined>();
  const asksRegistration = missing.includes(VEHICLE_REGISTRATION_INPUT);
  const others = missing.filter((name) => name !== VEHICLE_REGISTRATION_INPUT);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteRegistration(vrn, registrationFormat)) {
      setError(t('confirmation.registrationInvalid'));
      return;
    }
    try {
      await onSaveRegistration(vrn);
      onClose();
    } catch {
      // The error modal explains the failure.
    }
  };

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('confirmation.title')}>
      <p>{t('confirmation.intro')}</p>
      {others.length > 0 ? (
        <ul className="quote-missing-list">
          {others.map((name) => {
            const section = SECTION_OF_INPUT[name] ?? 'about-you';
            return (
              <li key={name}>
                <span>{t(`confirmation.inputs.${name}`, { defaultValue: name })}</span>{' '}
                <Link to={`${paths.proposal(productUrlName, proposalCode)}/disclosure/${section}`}>
                  {t('confirmation.answerIn', {
                    section: t(`insufficient.sections.${section}`),
                  })}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {asksRegistration ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <LicencePlateInput
            id="confirmation-vrn"
            label={t('confirmation.registration')}
            hint={t('confirmation.registrationHint')}
            error={error}
            value={vrn}
            onChange={(value) => {
              setVrn(value);
              setError(undefined);
            }}
            formatConfig={registrationFormat}
          />
          <Button type="submit" disabled={isSaving}>
            {t('confirmation.save')}
          </Button>
        </form>
      ) : null}
    </Modal>
  );
}
