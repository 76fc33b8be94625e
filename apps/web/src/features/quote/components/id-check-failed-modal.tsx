import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { brand } from '../../../lib/brand';

/** The ID check was not clear: ask for evidence by e-mail (spec 2 §8). */
export function IdCheckFailedModal({
  isOpen,
  onClose,
  reference,
}: {
  isOpen: boolean;
  onClose: () => void;
  reference: string;
}) {
  const { t } = useTranslation('quote');
  // The brand's configured support address, as everywhere else (issue 31 item 10).
  const email = brand.support.email;
  const subject = t('idCheckFailed.subject', { reference });
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('idCheckFailed.title')}>
      <p>{t('idCheckFailed.body')}</p>
      <p>
        <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>
          {t('idCheckFailed.link', { email })}
        </a>
      </p>
      <Button variant="inverted" onClick={onClose}>
        {t('idCheckFailed.close')}
      </Button>
    </Modal>
  );
}
