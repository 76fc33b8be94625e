import { useTranslation } from 'react-i18next';

/** Shown to a browser the app does not support: recommends two browsers. */
export function UnsupportedBrowserPage() {
  const { t } = useTranslation('quote');
  const browsers = t('unsupported.browsers', { returnObjects: true }) as string[];
  return (
    <div className="quote-page quote-page--narrow">
      <div className="page-header">
        <h1>{t('unsupported.title')}</h1>
        <p className="lead">{t('unsupported.intro')}</p>
      </div>
      <ul className="tick-list">
        {browsers.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <p className="text-muted">{t('unsupported.note')}</p>
    </div>
  );
}
