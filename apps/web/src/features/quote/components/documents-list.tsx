import { useTranslation } from 'react-i18next';
import { ContentLink } from '../../../components/ui/content-link';
import { brand } from '../../../lib/brand';

/** Where a document of the product lives under the brand's content base (spec 3 §7: by scheme). */
function documentUrl(productUrlName: string, type: string): string {
  return `${brand.contentBaseUrl}/documents/${encodeURIComponent(productUrlName)}/${encodeURIComponent(type)}.html`;
}

/** The quote's documents as links (each opens over the page in the content modal). */
export function DocumentsList({
  productUrlName,
  types,
}: {
  productUrlName: string;
  types: readonly string[];
}) {
  const { t } = useTranslation('quote');
  return (
    <section className="card quote-section" aria-labelledby="quote-documents-title">
      <h2 id="quote-documents-title">{t('documents.title')}</h2>
      <p className="text-muted">{t('documents.intro')}</p>
      <ul className="quote-documents">
        {types.map((type) => (
          <li key={type}>
            <ContentLink
              href={documentUrl(productUrlName, type)}
              title={t(`documents.types.${type}`, { defaultValue: type })}
            >
              {t(`documents.types.${type}`, { defaultValue: type })}
            </ContentLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
