import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/button';
import { ChatAction } from '../../../components/ui/chat-action';
import { Modal } from '../../../components/ui/modal';
import { formatPence } from '../../../lib/format';

/**
 * Spec 2 §4: an outstanding balance blocks activation until paid. Closing or confirming leaves
 * the checkout for home: there is no way on from here.
 */
export function OutstandingBalanceModal({ amountPence }: { amountPence: number }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const goHome = () => void navigate(paths.home());
  return (
    <Modal isOpen onClose={goHome} title={t('outstanding.title')}>
      <div className="checkout-modal">
        <p>{t('outstanding.content', { amount: formatPence(amountPence) })}</p>
        <Button onClick={goHome}>{t('outstanding.confirm')}</Button>
        <p>
          <ChatAction onOpen={goHome} />
        </p>
      </div>
    </Modal>
  );
}
