import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../lib/brand';
import { Modal } from './modal';

export type HelpLinkProps = {
  /** The content page's name: `${contentBaseUrl}/questions/{helpLink}.html`. */
  helpLink: string;
  /** What the help is about, for the button's accessible name and the modal's title. */
  topic: string;
  /** With the modal off, help opens in a new tab instead (spec 1 §2). */
  useModal?: boolean;
};

/** The URL of a question's help page under the brand's content base. */
export function helpPageUrl(helpLink: string): string {
  return `${brand.contentBaseUrl}/questions/${encodeURIComponent(helpLink)}.html`;
}

/** "Help" next to a question: opens the plain-English help page in a modal iframe. */
export function HelpLink({ helpLink, topic, useModal = true }: HelpLinkProps) {
  const { t } = useTranslation('ui');
  const [isOpen, setIsOpen] = useState(false);
  const url = helpPageUrl(helpLink);
  const label = t('help.label', { topic });

  if (!useModal) {
    return (
      <a className="help-link" href={url} target="_blank" rel="noreferrer" aria-label={label}>
        {t('help.text')}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className="help-link"
        aria-label={label}
        onClick={() => setIsOpen(true)}
      >
        {t('help.text')}
      </button>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={topic}
        variant="iframe"
        iframeSrc={url}
      />
    </>
  );
}
