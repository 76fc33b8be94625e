import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ChatAction } from '../../components/ui/chat-action';
import { Modal } from '../../components/ui/modal';

// The modals of spec 3 §2 "Modals" that policy changes use; the chat action of the error pages
// (spec 3 §8) is the app's own, which opens the chat panel.

type MessageModalProps = { isOpen: boolean; onClose: () => void };

/** Spec 3 §8 "Policy cannot be modified". */
export function ChangeNotAllowedModal({ isOpen, onClose }: MessageModalProps): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('modals.notAllowed.title')}>
      <p>{t('modals.notAllowed.content')}</p>
      <Button onClick={onClose}>{t('modals.close')}</Button>
    </Modal>
  );
}

/** Spec 3 §4 item 8: changes are blocked in the renewal window and handled through chat. */
export function InRenewalModal({ isOpen, onClose }: MessageModalProps): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('modals.inRenewal.title')}>
      <p>{t('modals.inRenewal.content')}</p>
      <ChatAction className="button button--layout-default button--inverted" onOpen={onClose} />
    </Modal>
  );
}

/** Spec 3 §8 "Confirm adjustment fails". */
export function ErrorGoneModal({ isOpen, onClose }: MessageModalProps): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('modals.errorGone.title')}>
      <div role="alert">
        <p>{t('modals.errorGone.content')}</p>
      </div>
      <Button onClick={onClose}>{t('modals.close')}</Button>
    </Modal>
  );
}

/** Spec 3 §8 "Stale confirmation": the adjustment timed out or the policy moved on. */
export function StaleConfirmationModal({
  isOpen,
  onClose,
  onStartAgain,
}: MessageModalProps & { onStartAgain: () => void }): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('modals.stale.title')}>
      <div role="alert">
        <p>{t('modals.stale.content')}</p>
      </div>
      <Button onClick={onStartAgain}>{t('modals.stale.startAgain')}</Button>
    </Modal>
  );
}
