import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentLocationResponseSchema } from '@motor/contract';
import {
  LEGAL_EXPENSES_DOCUMENT_TYPES,
  POLICY_DOCUMENT_TYPES,
  PRODUCT_DOCUMENT_TYPES,
  STATIC_DOCUMENT_TYPES,
  type DocumentType,
} from '@motor/domain';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { getProductConfig } from '../../lib/brand-products';
import { formatDate } from '../../lib/format';
import { useApiClient } from '../../lib/use-api-client';
import type { Policy } from './api/get-policy';

/**
 * The documents tab (spec 3 §7): the policy's own documents (certificate, schedule) and the
 * product's, by the cover it has (legal expenses documents only with that cover). Each opens
 * through a short-lived signed link asked for on the click (links expire, so none is rendered
 * ahead of time); the PDF opens in this tab, as a popup after an await would be blocked. A
 * document that cannot be opened yet gets the missing-document modal: try again, or chat.
 */
export function PolicyDocuments({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [opening, setOpening] = useState<DocumentType | null>(null);
  const [missing, setMissing] = useState<{
    doc: DocumentType;
    versionId?: string | null;
  } | null>(null);
  const product = getProductConfig(policy.schemeCode);
  const hasLegalCover = (policy.currentPolicyVersion?.quote.covers ?? []).some(
    (cover) => cover.code === 'legal_expenses' && cover.active,
  );
  const productDocuments: DocumentType[] = [
    ...PRODUCT_DOCUMENT_TYPES.filter((doc) => product.documents.product.includes(doc)),
    ...(hasLegalCover ? LEGAL_EXPENSES_DOCUMENT_TYPES : []),
    ...STATIC_DOCUMENT_TYPES.filter((doc) => product.documents.static.includes(doc)),
  ];

  // A policy changed mid-term has a certificate and schedule per version, newest first.
  const versions = [...policy.policyVersions].reverse();
  const [current] = versions;

  async function open(doc: DocumentType, versionId?: string | null) {
    setOpening(doc);
    setMissing(null);
    try {
      const query = versionId ? `?version=${encodeURIComponent(versionId)}` : '';
      const data = await client.get<unknown>(
        `/documents/policy/${encodeURIComponent(policy.policyId)}/${doc}${query}`,
      );
      window.location.assign(DocumentLocationResponseSchema.parse(data).location);
    } catch {
      setMissing({ doc, versionId });
    } finally {
      setOpening(null);
    }
  }

  const list = (docs: readonly DocumentType[]) => (
    <ul className="link-list">
      {docs.map((doc) => (
        <li key={doc}>
          <button
            type="button"
            className="link-button"
            onClick={() => void open(doc)}
            disabled={opening !== null}
          >
            {t(`policy.documents.${doc}`)}
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <section className="card" aria-labelledby="policy-documents-heading">
      <h2 id="policy-documents-heading">{t('policy.documents.title')}</h2>
      {list(POLICY_DOCUMENT_TYPES)}
      {versions.length > 1 ? (
        <>
          <h3>{t('policy.documents.earlierTitle')}</h3>
          <ul className="link-list">
            {versions
              .filter((version) => version !== current)
              .flatMap((version) =>
                POLICY_DOCUMENT_TYPES.map((doc) => (
                  <li key={`${version.policyVersionId ?? version.startedAt}-${doc}`}>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => void open(doc, version.policyVersionId)}
                      disabled={opening !== null}
                    >
                      {t('policy.documents.versionOf', {
                        document: t(`policy.documents.${doc}`),
                        date: formatDate(version.startedAt),
                      })}
                    </button>
                  </li>
                )),
              )}
          </ul>
        </>
      ) : null}
      <h3>{t('policy.documents.productTitle')}</h3>
      {list(productDocuments)}
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
      </Modal>
    </section>
  );
}
