import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PolicyDocuments } from './policy-documents';

// Protected by the route table; tabs and sub-routes arrive with the policy issue (14). The
// documents are here already: the confirmation e-mail links to this page for them.
export function PolicyPage() {
  const { t } = useTranslation();
  const { policyId = '' } = useParams();
  return (
    <>
      <div className="page-header">
        <h1>{t('policy.title')}</h1>
        <p className="text-muted">{t('policy.reference', { id: policyId })}</p>
      </div>
      <PolicyDocuments policyId={policyId} />
    </>
  );
}
