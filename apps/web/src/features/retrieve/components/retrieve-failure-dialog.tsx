import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Modal } from '../../../components/ui/modal';

/** Spec 2 §8: the retrieve failure dialog, keyed by HTTP status; 401 has its own text. */
export function RetrieveFailureDialog({
  status,
  onClose,
}: {
  status: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('retrieve');
  if (status !== 401) {
    return (
      <Modal isOpen onClose={onClose} title={t('unknown.header')} closeLabel={t('unknown.close')}>
        <p role="alert">{t('unknown.message')}</p>
      </Modal>
    );
  }
  return (
    <Modal isOpen onClose={onClose} title={t('notFound.header')} closeLabel={t('notFound.close')}>
      <div role="alert">
        <p>{t('notFound.message')}</p>
        <p>{t('notFound.chat')}</p>
      </div>
      <ul className="link-list">
        <li>
          <Link to={paths.signIn(paths.home())}>{t('notFound.signIn')}</Link>
        </li>
        <li>
          <a href={t('notFound.externalUrl')} target="_blank" rel="noreferrer">
            {t('notFound.external')}
          </a>
        </li>
      </ul>
    </Modal>
  );
}
