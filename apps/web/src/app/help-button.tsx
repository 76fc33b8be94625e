import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/ui/modal';
import { paths } from '../lib/paths';

// Opens chat once the chat issue lands; until then it opens the help text, so it is never dead.
export function HelpButton() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="shell-header__help"
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        <span aria-hidden="true" className="shell-header__help-icon">
          ?
        </span>
        {t('shell.help')}
      </button>
      <Modal isOpen={isOpen} onClose={() => setIsOpen(false)} title={t('help.title')}>
        <p>{t('help.intro')}</p>
        <p>{t('help.retrieve')}</p>
        <p>
          <Link to={paths.retrieve()} onClick={() => setIsOpen(false)}>
            {t('help.retrieveLink')}
          </Link>
        </p>
      </Modal>
    </>
  );
}
