import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentLocationResponseSchema } from '@motor/contract';
import { useApiClient } from '../../lib/use-api-client';

/** The documents every policy has; the confirmation e-mail sends the customer here for them. */
const POLICY_DOCUMENTS = [
  'policy-certificate',
  'policy-schedule',
  'ipid',
  'policy-wording',
] as const;
type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

/**
 * Opens each document through a short-lived signed link asked for on the click (links expire,
 * so none is rendered ahead of time); the PDF opens in this tab, as a popup after an await would
 * be blocked.
 */
export function PolicyDocuments({ policyId }: { policyId: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [opening, setOpening] = useState<PolicyDocument | null>(null);
  const [failed, setFailed] = useState(false);

  async function open(doc: PolicyDocument) {
    setOpening(doc);
    setFailed(false);
    try {
      const data = await client.get<unknown>(
        `/documents/policy/${encodeURIComponent(policyId)}/${doc}`,
      );
      window.location.assign(DocumentLocationResponseSchema.parse(data).location);
    } catch {
      setFailed(true);
    } finally {
      setOpening(null);
    }
  }

  return (
    <section aria-labelledby="policy-documents-heading">
      <h2 id="policy-documents-heading">{t('policy.documents.title')}</h2>
      <ul className="link-list">
        {POLICY_DOCUMENTS.map((doc) => (
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
      {failed && (
        <p role="alert" className="notice notice--critical">
          {t('policy.documents.failed')}
        </p>
      )}
    </section>
  );
}
