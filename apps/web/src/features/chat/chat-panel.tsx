import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLink } from '../../components/ui/content-link';
import { brand } from '../../lib/brand';
import { useChatOpenRequests } from '../../lib/chat-channel';

// The customer's chat with customer care (issue 18 item 3; spec 1 §1, 2 §1): a panel docked over
// the page, opened by Help and by every "chat to us" action. Outside staffed hours it says when
// someone will reply and offers the phone and e-mail. A failure is logged and shown in the panel;
// the page goes on working.

// The conversation (and the chat's zod schemas) load when the panel first opens: until then it
// shows what the conversation shows while it loads (first-route JS budget, issue 34).
const ChatConversation = lazy(() =>
  import('./chat-conversation').then((m) => ({ default: m.ChatConversation })),
);

function ChatLoading() {
  const { t } = useTranslation();
  return <p className="chat-panel__status">{t('chat.loading')}</p>;
}

/** The chat panel: closed until Help or a "chat to us" action opens it. */
export function ChatPanel() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  useChatOpenRequests(() => {
    setIsOpen(true);
    setHasOpened(true);
  });
  useEffect(() => {
    if (isOpen) panelRef.current?.focus();
  }, [isOpen]);
  if (!hasOpened) return null;
  return (
    <section
      ref={panelRef}
      className="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      hidden={!isOpen}
    >
      <div className="chat-panel__header">
        <h2 id={titleId} className="chat-panel__title">
          {t('chat.title')}
        </h2>
        <button type="button" className="chat-panel__close" onClick={() => setIsOpen(false)}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('chat.close')}</span>
        </button>
      </div>
      <Suspense fallback={<ChatLoading />}>
        <ChatConversation isOpen={isOpen} />
      </Suspense>
      <p className="chat-panel__faq">
        <ContentLink href={brand.support.faqUrl} title={t('help.faqTitle')}>
          {t('help.faqLink')}
        </ContentLink>
      </p>
    </section>
  );
}
