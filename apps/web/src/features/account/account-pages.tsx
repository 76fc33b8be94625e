import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { brand } from '../../lib/brand';

/** /account: the list of editable settings; with none configured the user goes home. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  if (brand.accountSettings.length === 0) return <Navigate to={paths.home()} replace />;
  return (
    <div>
      <div className="page-header">
        <h1>{t('account.title')}</h1>
        <p className="lead">{t('account.intro')}</p>
      </div>
      <ul className="settings-list">
        {brand.accountSettings.map((setting) => (
          <li key={setting.name}>
            <Link to={paths.accountSetting(setting.name)}>
              {t(`account.settings.${setting.name}`)}
            </Link>
            {setting.readOnly ? <span className="text-muted"> {t('account.readOnly')}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /account/:name: one setting; an unknown name goes home. The forms arrive with the account issue. */
export function AccountSettingPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const setting = brand.accountSettings.find((candidate) => candidate.name === name);
  if (!setting) return <Navigate to={paths.home()} replace />;
  return (
    <div className="page-header">
      <h1>{t(`account.settings.${setting.name}`)}</h1>
      {setting.readOnly ? <p className="text-muted">{t('account.readOnly')}</p> : null}
    </div>
  );
}
