import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';

// Protected by the route table; the renewal quote arrives with the renewal issue.
export function RenewalPage() {
  const { t } = useTranslation();
  const { proposalCode = '' } = useParams();
  return (
    <div className="page-header">
      <h1>{t('renewal.title')}</h1>
      <p className="text-muted">{t('renewal.reference', { code: proposalCode })}</p>
    </div>
  );
}
