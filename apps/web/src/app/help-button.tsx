import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentLink } from '../components/ui/content-link';
import { Modal } from '../components/ui/modal';
import { useAuth } from '../lib/auth';
import { brand } from '../lib/brand';
import { requestChatOpen } from '../lib/chat-channel';
import { paths } from '../lib/paths';
import { describeStaffedHours } from '../lib/support-hours';

type ContentPage = { href: string; title: string };

/** tel: link target: the number without spaces. */
const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

/** The Help modal's contents: the brand's phone, e-mail, opening hours and FAQ (issue 18 item 4). */
function HelpContents({
  onNavigate,
  onOpenPage,
}: {
  onNavigate: () => void;
  onOpenPage: (page: ContentPage) => void;
}) {
  const { t } = useTranslation();
  const { isAuthenticated, isAdmin } = useAuth();
  const { pathname } = useLocation();
  const { support } = brand;
  return (
    <div className="help">
      <p>{t('help.intro')}</p>
      <h3 className="help__heading">{t('help.contactTitle')}</h3>
      <dl className="help__contact">
        <dt>{t('help.phone')}</dt>
        <dd>
          <a href={telHref(support.phone)}>{support.phone}</a>
        </dd>
        <dt>{t('help.email')}</dt>
        <dd>
          <a href={`mailto:${support.email}`}>{support.email}</a>
        </dd>
      </dl>
      <h3 className="help__heading">{t('help.hoursTitle')}</h3>
      <ul className="help__hours">
        {describeStaffedHours(support.hours, t).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3 className="help__heading">{t('help.faqTitle')}</h3>
      <p>
        {t('help.faqIntro')}{' '}
        <ContentLink href={support.faqUrl} title={t('help.faqTitle')} onOpen={onOpenPage}>
          {t('help.faqLink')}
        </ContentLink>
      </p>
      {/* The chat is for customers (a conversation is theirs); admins have none (spec 1 §1). */}
      {isAuthenticated || isAdmin ? null : (
        <>
          <h3 className="help__heading">{t('chat.title')}</h3>
          <p>
            <Link to={paths.signIn(pathname)} onClick={onNavigate}>
              {t('chat.signIn')}
            </Link>
          </p>
          <p>{t('help.retrieve')}</p>
          <p>
            <Link to={paths.retrieve()} onClick={onNavigate}>
              {t('help.retrieveLink')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

/**
 * The header's Help button (spec 1 §2: it opens chat): a customer's chat panel, which also gives
 * the phone, e-mail and FAQ; for visitors and admins the Help modal. A content page opened from
 * the modal (the FAQ) shows in the same modal's iframe (spec 1 §2), with a way back to the help.
 */
export function HelpButton() {
  const { t } = useTranslation();
  const { isAuthenticated, isAdmin } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [page, setPage] = useState<ContentPage | null>(null);
  const close = () => {
    setIsOpen(false);
    setPage(null);
  };
  return (
    <>
      <button
        type="button"
        className="shell-header__help"
        aria-haspopup="dialog"
        onClick={() => {
          if (isAuthenticated && !isAdmin && requestChatOpen()) return;
          setIsOpen(true);
        }}
      >
        <span aria-hidden="true" className="shell-header__help-icon">
          ?
        </span>
        {t('shell.help')}
      </button>
      <Modal
        isOpen={isOpen}
        onClose={close}
        title={page?.title ?? t('help.title')}
        variant={page ? 'iframe' : 'default'}
        iframeSrc={page?.href}
      >
        {page ? (
          <button type="button" className="link-button help__back" onClick={() => setPage(null)}>
            {t('help.back')}
          </button>
        ) : (
          <HelpContents onNavigate={close} onOpenPage={setPage} />
        )}
      </Modal>
    </>
  );
}
