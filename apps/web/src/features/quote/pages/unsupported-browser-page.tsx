import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

/** Shown to a browser the app does not support: recommends two browsers. */
export function UnsupportedBrowserPage() {
  const { t } = useTranslation('quote');
  const browsers = t('unsupported.browsers', { returnObjects: true }) as string[];
  return (
    <div className="quote-page quote-page--narrow">
      <PageHeader title={t('unsupported.title')} lead={t('unsupported.intro')} />
      <ul className="tick-list">
        {browsers.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <p className="text-muted">{t('unsupported.note')}</p>
    </div>
  );
}
