import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { requestChatOpen } from '../../lib/chat-channel';
import { paths } from '../../lib/paths';

/**
 * A "chat to us" action (spec 3 §8: error pages with a chat action): opens the customer's chat
 * panel; a visitor is offered sign-in first (a conversation is a customer's); admins have no chat
 * (spec 1 §1), so for them it renders nothing.
 */
export function ChatAction({
  className,
  onOpen,
}: {
  className?: string;
  /** Called first: a modal the action sits in closes, so the chat is not behind it. */
  onOpen?: () => void;
}): ReactElement | null {
  const { t } = useTranslation();
  const { isAuthenticated, isAdmin } = useAuth();
  if (isAdmin) return null;
  if (!isAuthenticated) {
    return (
      // A plain link: form inputs render it outside a router too.
      <a className={className} href={paths.signIn(window.location.pathname)}>
        {t('chat.signIn')}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className ?? 'link-button'}
      aria-haspopup="dialog"
      onClick={() => {
        onOpen?.();
        requestChatOpen();
      }}
    >
      {t('chat.action')}
    </button>
  );
}
