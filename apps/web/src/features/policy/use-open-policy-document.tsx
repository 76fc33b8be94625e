import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentLocationResponseSchema } from '@motor/contract';
import type { DocumentType } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { ChatAction } from '../../components/ui/chat-action';
import { Modal } from '../../components/ui/modal';
import { useApiClient } from '../../lib/use-api-client';

type Missing = { doc: DocumentType; versionId?: string | null };

/**
 * Opens one of a policy's documents: a short-lived signed link asked for on the click (links
 * expire, so none is rendered ahead of time), then the PDF in this tab, as a popup after an await
 * would be blocked. A document that cannot be opened yet gets the missing-document modal (spec 3
 * §2): try again, or chat.
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
    try {
      const query = versionId ? `?version=${encodeURIComponent(versionId)}` : '';
      const data = await client.get<unknown>(
        `/documents/policy/${encodeURIComponent(policyId)}/${doc}${query}`,
      );
      window.location.assign(DocumentLocationResponseSchema.parse(data).location);
    } catch {
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
