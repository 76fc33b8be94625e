import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentLocationResponseSchema } from '@motor/contract';
import type { DocumentType } from '@motor/domain';
import { Button } from '../ui/button';
import { ChatAction } from '../ui/chat-action';
import { Modal } from '../ui/modal';
import { useApiClient } from '../../lib/use-api-client';

type Missing = { doc: DocumentType; versionId?: string | null };

/**
 * A new tab opened during the click itself (one opened after an await would be blocked as a
 * popup), pointed at the document once its link is known; null when the browser refused one.
 */
function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  // The document has no business with this page: cut the link back to it.
  if (tab) tab.opener = null;
  return tab;
}

/**
 * Opens one of a policy's documents in a new tab (issue 31 item 12): a short-lived signed link
 * asked for on the click (links expire, so none is rendered ahead of time), then the PDF in the
 * tab opened on the click — in this tab only when the browser refused a new one. A document that
 * cannot be opened yet gets the missing-document modal (spec 3 §2): try again, or chat.
 */
export function useOpenPolicyDocument(policyId: string): {
  open: (doc: DocumentType, versionId?: string | null) => Promise<void>;
  opening: DocumentType | null;
  missingModal: ReactElement;
} {
  const { t } = useTranslation();
  const client = useApiClient();
  const [opening, setOpening] = useState<DocumentType | null>(null);
  const [missing, setMissing] = useState<Missing | null>(null);

  async function open(doc: DocumentType, versionId?: string | null) {
    setOpening(doc);
    setMissing(null);
    const tab = openBlankTab();
    try {
      const query = versionId ? `?version=${encodeURIComponent(versionId)}` : '';
      const data = await client.get<unknown>(
        `/documents/policy/${encodeURIComponent(policyId)}/${doc}${query}`,
      );
      const { location } = DocumentLocationResponseSchema.parse(data);
      if (tab) tab.location.href = location;
      else window.location.assign(location);
    } catch {
      tab?.close();
      setMissing({ doc, versionId });
    } finally {
      setOpening(null);
    }
  }

  const missingModal = (
    <Modal
      isOpen={missing !== null}
      onClose={() => setMissing(null)}
      title={t('policy.documents.missingTitle')}
    >
      <p>{t('policy.documents.failed')}</p>
      <Button
        onClick={() => missing && void open(missing.doc, missing.versionId)}
        disabled={opening !== null}
      >
        {t('policy.documents.retry')}
      </Button>
      <p>
        <ChatAction onOpen={() => setMissing(null)} />
      </p>
    </Modal>
  );
  return { open, opening, missingModal };
}
