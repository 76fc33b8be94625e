import { useCallback, useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH } from '@motor/contract';
import { Button } from '../../components/ui/button';
import { ChatLog } from '../../components/ui/chat-log';
import { brand } from '../../lib/brand';
import { formatLondonTime } from '../../lib/format';
import { formatClockTime } from '../../lib/support-hours';
import { useChatDraft } from '../../lib/use-chat-draft';
import { useChatEvents, useCustomerChat, useMarkChatRead, useSendChatMessage } from './api/chat';

// The chat panel's conversation (chat-panel.tsx): in its own chunk with the chat's API schemas,
// loaded when the panel first opens, so the first route loads no zod (first-route JS budget,
// issue 34).

const londonParts = (instant: string) => {
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/London',
  }).format(new Date(instant));
  return { time: formatClockTime(formatLondonTime(instant)), day };
};

/** The policy of the page the customer writes from (/{product}/policy/{id}/...), as context. */
function usePolicyIdInView(): string | undefined {
  const { pathname } = useLocation();
  const match = /^\/[^/]+\/policy\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

function ContactLine() {
  const { t } = useTranslation();
  const { phone, email } = brand.support;
  return (
    <p className="chat-panel__contact">
      {t('chat.contact.before')} <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>{' '}
      {t('chat.contact.or')} <a href={`mailto:${email}`}>{email}</a>.
    </p>
  );
}

export function ChatConversation({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  const chat = useCustomerChat(isOpen);
  const send = useSendChatMessage();
  const markRead = useMarkChatRead();
  const policyId = usePolicyIdInView();
  const { draft, setDraft, isBlank, onSubmit } = useChatDraft((body, options) =>
    send.mutate({ body, ...(policyId ? { policyId } : {}) }, options),
  );
  const messageId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const { mutate: markAsRead } = markRead;
  const readNow = useCallback(() => markAsRead(), [markAsRead]);
  useChatEvents(isOpen && chat.isSuccess, readNow);

  const unread = chat.data?.unreadCount ?? 0;
  useEffect(() => {
    if (isOpen && unread > 0) readNow();
  }, [isOpen, unread, readNow]);

  const count = chat.data?.messages.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  if (chat.isPending) return <p className="chat-panel__status">{t('chat.loading')}</p>;
  if (chat.isError) {
    return (
      <div className="chat-panel__status" role="alert">
        <p>{t('chat.unavailable')}</p>
        <ContactLine />
      </div>
    );
  }
  const { staffing, messages } = chat.data;
  const next = staffing.nextStaffedAt ? londonParts(staffing.nextStaffedAt) : null;

  return (
    <>
      {staffing.isStaffed ? null : (
        <div className="chat-panel__closed" role="status">
          <p>{next ? t('chat.closed.nextReply', next) : t('chat.closed.noHours')}</p>
          <ContactLine />
        </div>
      )}
      <ChatLog
        className="chat-panel__messages"
        logRef={logRef}
        label={t('chat.messages')}
        messages={messages}
        authors={{ staff: t('chat.fromStaff'), other: t('chat.fromYou') }}
        formatTime={formatLondonTime}
        empty={<li className="chat-panel__empty">{t('chat.empty')}</li>}
      />
      <form className="chat-panel__form" onSubmit={onSubmit}>
        <label htmlFor={messageId}>{t('chat.yourMessage')}</label>
        <textarea
          id={messageId}
          value={draft}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          rows={3}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={send.isError ? `${messageId}-error` : undefined}
        />
        {send.isError ? (
          <p id={`${messageId}-error`} className="chat-panel__error" role="alert">
            {t('chat.sendFailed')}
          </p>
        ) : null}
        <Button type="submit" disabled={send.isPending || isBlank}>
          {t('chat.send')}
        </Button>
      </form>
    </>
  );
}
