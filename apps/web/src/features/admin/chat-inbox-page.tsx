import { useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CHAT_MESSAGE_MAX_LENGTH } from '@motor/contract';
import { Button } from '../../components/ui/button';
import { ChatLog } from '../../components/ui/chat-log';
import { paths } from '../../lib/paths';
import { useChatDraft } from '../../lib/use-chat-draft';
import {
  useChatConversation,
  useChatInbox,
  useChatInboxEvents,
  useMarkConversationRead,
  useReplyToChat,
} from './api/chat-inbox';
import { STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { UnauthorisedPage } from './unauthorised-page';
import { ListOrNone, QueryState } from './staff-report';
import { FailureNotice } from '../../components/ui/failure-notice';

const dateTime = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(new Date(instant));

function Conversation({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('admin');
  const conversation = useChatConversation(conversationId);
  const reply = useReplyToChat(conversationId);
  const { draft, setDraft, isBlank, onSubmit } = useChatDraft(reply.mutate);
  const replyId = useId();

  if (conversation.isPending) return <p role="status">{t('chat.loading')}</p>;
  if (conversation.isError) {
    return <FailureNotice>{t('chat.failed')}</FailureNotice>;
  }
  const { customer, policies, messages } = conversation.data;
  return (
    <section className="chat-inbox__conversation" aria-labelledby={`${replyId}-title`}>
      <h2 id={`${replyId}-title`}>{customer.name ?? customer.email ?? t('console.noName')}</h2>
      <dl className="summary-list">
        <dt>{t('chat.email')}</dt>
        <dd>{customer.email ?? t('console.noEmail')}</dd>
        <dt>{t('chat.phone')}</dt>
        <dd>{customer.phone ?? t('chat.noPhone')}</dd>
        <dt>{t('chat.policies')}</dt>
        <dd>
          {policies.length === 0 ? (
            t('console.noPolicies')
          ) : (
            <ul>
              {policies.map((policy) => (
                <li key={policy.policyId}>
                  {t('chat.policy', { number: policy.policyNumber, status: policy.status })}
                  {policy.isContext ? <strong> {t('chat.context')}</strong> : null}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <p>
        <Link to={paths.adminCustomer(customer.userId)}>{t('chat.customerLink')}</Link>
      </p>
      <ChatLog
        className="chat-inbox__messages"
        label={t('chat.messages')}
        messages={messages}
        authors={{ staff: t('chat.fromStaff'), other: t('chat.fromCustomer') }}
        showAuthors
        formatTime={dateTime}
      />
      <form className="chat-inbox__reply" onSubmit={onSubmit}>
        <label htmlFor={replyId}>{t('chat.replyLabel')}</label>
        <textarea
          id={replyId}
          rows={3}
          value={draft}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
        />
        {reply.isError ? <FailureNotice>{t('chat.replyFailed')}</FailureNotice> : null}
        <Button type="submit" disabled={reply.isPending || isBlank}>
          {t('chat.send')}
        </Button>
      </form>
    </section>
  );
}

/** Issue 18 item 3: the staff chat inbox (access:chat), conversations newest first. */
export function ChatInboxPage() {
  const { t } = useTranslation('admin');
  const isAllowed = useStaffPermission()(STAFF_PERMISSIONS.chat);
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('conversation');
  const inbox = useChatInbox(isAllowed);
  const markRead = useMarkConversationRead();
  const { mutate: markAsRead } = markRead;
  const onLiveMessage = useCallback(
    (conversationId: string) => {
      if (conversationId === selected) markAsRead(conversationId);
    },
    [selected, markAsRead],
  );
  useChatInboxEvents(isAllowed, onLiveMessage);

  const selectedUnread =
    inbox.data?.conversations.find((c) => c.conversationId === selected)?.unreadCount ?? 0;
  useEffect(() => {
    if (selected && selectedUnread > 0) markAsRead(selected);
  }, [selected, selectedUnread, markAsRead]);

  if (!isAllowed) return <UnauthorisedPage />;
  const conversations = inbox.data?.conversations ?? [];
  return (
    <div className="page-header chat-inbox">
      <h1>{t('chat.title')}</h1>
      <p className="lead">{t('chat.intro')}</p>
      <QueryState query={inbox} loading={t('chat.loading')} failed={t('chat.failed')}>
        {() => (
          <ListOrNone count={conversations.length} none={t('chat.none')}>
            <div className="chat-inbox__layout">
              <nav aria-label={t('chat.conversations')}>
                <ul className="chat-inbox__list">
                  {conversations.map((conversation) => (
                    <li key={conversation.conversationId}>
                      <Link
                        to={`?conversation=${encodeURIComponent(conversation.conversationId)}`}
                        aria-current={conversation.conversationId === selected ? 'true' : undefined}
                        onClick={(event) => {
                          event.preventDefault();
                          setSearchParams({ conversation: conversation.conversationId });
                        }}
                      >
                        <strong>
                          {conversation.customer.name ??
                            conversation.customer.email ??
                            t('console.noName')}
                        </strong>
                        {conversation.customer.name && conversation.customer.email ? (
                          <span>{conversation.customer.email}</span>
                        ) : null}
                        {conversation.unreadCount > 0 ? (
                          <span className="chat-inbox__unread">
                            {t('chat.unread', { count: conversation.unreadCount })}
                          </span>
                        ) : null}
                        <span className="chat-inbox__preview">
                          {conversation.lastMessage?.body ?? ''}
                        </span>
                        <span className="text-muted">{dateTime(conversation.lastMessageAt)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              {selected ? (
                <Conversation conversationId={selected} />
              ) : (
                <p className="text-muted">{t('chat.choose')}</p>
              )}
            </div>
          </ListOrNone>
        )}
      </QueryState>
      <p>
        <Link className="standalone-link" to={paths.admin()}>
          {t('chat.backToConsole')}
        </Link>
      </p>
    </div>
  );
}
