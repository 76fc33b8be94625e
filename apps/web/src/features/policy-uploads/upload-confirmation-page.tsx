import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../lib/paths';

/** /{product}/policy/{policyId}/uploads/{type}/confirmation: the files were sent. */
export function UploadConfirmationPage() {
  const { t } = useTranslation('uploads');
  const { productUrlName: product = '', policyId = '' } = useParams();
  const state = useLocation().state as { fileNames?: unknown } | null;
  const fileNames = Array.isArray(state?.fileNames)
    ? state.fileNames.filter((name): name is string => typeof name === 'string')
    : [];
  return (
    <section className="upload-confirmation" aria-labelledby="upload-confirmation-heading">
      <div className="page-header">
        <h1 id="upload-confirmation-heading">{t('confirmation.title')}</h1>
        <p className="lead">{t('confirmation.intro')}</p>
      </div>
      {fileNames.length > 0 ? (
        <ul aria-label={t('confirmation.files')}>
          {fileNames.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to={paths.policy(product, policyId)}>{t('confirmation.back')}</Link>
      </p>
    </section>
  );
}
