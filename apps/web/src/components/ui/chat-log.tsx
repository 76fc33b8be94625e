import type { ReactNode, Ref } from 'react';

// A chat's messages as the customer's panel and the staff inbox both show them: a scrolling
// log region (focusable, so a keyboard can scroll back through it) holding one list item per
// message, who wrote it, its body and its time. Each side says who "you" are and how it
// writes the time.

type ChatMessage = { messageId: string; author: string; body: string; createdAt: string };

type Props = {
  className: string;
  label: string;
  messages: readonly ChatMessage[];
  /** Who wrote a message, in the reader's words: staff, or the other side. */
  authors: { staff: string; other: string };
  /** Staff see each message's author; the customer's panel says it to screen readers only. */
  showAuthors?: boolean;
  formatTime: (instant: string) => string;
  /** The list item shown while there are no messages (none: an empty list). */
  empty?: ReactNode;
  logRef?: Ref<HTMLDivElement>;
};

export function ChatLog({
  className,
  label,
  messages,
  authors,
  showAuthors = false,
  formatTime,
  empty,
  logRef,
}: Props) {
  return (
    <div
      className={className}
      ref={logRef}
      role="log"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region (axe scrollable-region-focusable)
      tabIndex={0}
    >
      <ol className="chat-list">
        {messages.length === 0 && empty !== undefined
          ? empty
          : messages.map((message) => (
              <li
                key={message.messageId}
                className={`chat-message chat-message--${message.author}`}
              >
                <span className={showAuthors ? 'chat-message__author' : 'visually-hidden'}>
                  {message.author === 'staff' ? authors.staff : authors.other}
                </span>
                <p className="chat-message__body">{message.body}</p>
                <time className="chat-message__time" dateTime={message.createdAt}>
                  {formatTime(message.createdAt)}
                </time>
              </li>
            ))}
      </ol>
    </div>
  );
}
