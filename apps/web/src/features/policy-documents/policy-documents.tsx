import { useTranslation } from 'react-i18next';
import {
  LEGAL_EXPENSES_DOCUMENT_TYPES,
  POLICY_DOCUMENT_TYPES,
  PRODUCT_DOCUMENT_TYPES,
  STATIC_DOCUMENT_TYPES,
  type DocumentType,
} from '@motor/domain';
import { getProductConfig } from '../../lib/brand-products';
import { formatDate } from '../../lib/format';
import type { Policy } from '../../lib/policy/get-policy';
import { useOpenPolicyDocument } from '../../components/policy/use-open-policy-document';
import { TitledCard } from '../../components/ui/titled-card';

/**
 * The documents tab (spec 3 §7): the policy's own documents (certificate, schedule) and the
 * product's, by the cover it has (legal expenses documents only with that cover), each opened
 * through a fresh signed link (useOpenPolicyDocument).
 */
export function PolicyDocuments({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const { open, opening, missingModal } = useOpenPolicyDocument(policy.policyId);
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
    <TitledCard titleId="policy-documents-heading" title={t('policy.documents.title')}>
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
      {missingModal}
    </TitledCard>
  );
}
