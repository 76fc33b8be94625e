import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ChatAction } from '../../components/ui/chat-action';
import { Modal } from '../../components/ui/modal';

// The modals of spec 3 §2 "Modals" that policy changes use; the chat action of the error pages
// (spec 3 §8) is the app's own, which opens the chat panel.

type MessageModalProps = { isOpen: boolean; onClose: () => void };

/**
 * One of these modals: the title and text under `modals.<name>`, then its one action. A failure's
 * text is an alert, so a screen reader says it as the modal opens.
 */
function MessageModal({
  name,
  isAlert = false,
  isOpen,
  onClose,
  children,
}: MessageModalProps & {
  name: 'notAllowed' | 'inRenewal' | 'errorGone' | 'stale';
  isAlert?: boolean;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  const content = <p>{t(`modals.${name}.content`)}</p>;
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t(`modals.${name}.title`)}>
      {isAlert ? <div role="alert">{content}</div> : content}
      {children}
    </Modal>
  );
}

/** Spec 3 §8 "Policy cannot be modified". */
export function ChangeNotAllowedModal(props: MessageModalProps): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <MessageModal name="notAllowed" {...props}>
      <Button onClick={props.onClose}>{t('modals.close')}</Button>
    </MessageModal>
  );
}

/** Spec 3 §4 item 8: changes are blocked in the renewal window and handled through chat. */
export function InRenewalModal(props: MessageModalProps): ReactElement {
  return (
    <MessageModal name="inRenewal" {...props}>
      <ChatAction
        className="button button--layout-default button--inverted"
        onOpen={props.onClose}
      />
    </MessageModal>
  );
}

/** Spec 3 §8 "Confirm adjustment fails". */
export function ErrorGoneModal(props: MessageModalProps): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <MessageModal name="errorGone" isAlert {...props}>
      <Button onClick={props.onClose}>{t('modals.close')}</Button>
    </MessageModal>
  );
}

/** Spec 3 §8 "Stale confirmation": the adjustment timed out or the policy moved on. */
export function StaleConfirmationModal({
  onStartAgain,
  ...props
}: MessageModalProps & { onStartAgain: () => void }): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <MessageModal name="stale" isAlert {...props}>
      <Button onClick={onStartAgain}>{t('modals.stale.startAgain')}</Button>
    </MessageModal>
  );
}
