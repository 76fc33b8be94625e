import { useTranslation } from 'react-i18next';

// The retrieve form (postcode, date of birth, policy reference) arrives with the retrieve issue.
export function RetrievePage() {
  const { t } = useTranslation();
  return (
    <div className="page-header">
      <h1>{t('retrieve.title')}</h1>
      <p className="lead">{t('retrieve.intro')}</p>
    </div>
  );
}
