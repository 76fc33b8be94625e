import { useState } from 'react';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

export type ContentLinkProps = {
  /** The content page (a path under the brand's content base, or an absolute URL). */
  href: string;
  /** The modal's title: the page's name. */
  title: string;
  children: ReactNode;
  className?: string;
  /**
   * Shows the page in a modal that is already open (a link inside a modal) instead of opening a
   * second one over it.
   */
  onOpen?: (page: { href: string; title: string }) => void;
};

/** A click that asks for a new tab or window (modifier keys, middle button) keeps it. */
function wantsNewTab(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** A same-origin path can be framed; another site's page opens in a new tab. */
function isFramable(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/**
 * A help or content page link (spec 1 §2): it opens the page in a modal iframe over the page; with
 * the modal off (a new-tab click, another site's page, no script) it opens in a new tab.
 */
export function ContentLink({
  href,
  title,
  children,
  className,
  onOpen,
}: ContentLinkProps): ReactElement {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isFramable(href) || wantsNewTab(event)) return;
    event.preventDefault();
    if (onOpen) onOpen({ href, title });
    else setIsOpen(true);
  };
  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="noreferrer"
        className={className}
        aria-haspopup={isFramable(href) ? 'dialog' : undefined}
        onClick={onClick}
      >
        {children}
        {isFramable(href) ? null : (
          <span className="visually-hidden"> {t('shell.opensNewTab')}</span>
        )}
      </a>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={title}
        variant="iframe"
        iframeSrc={href}
      />
    </>
  );
}
