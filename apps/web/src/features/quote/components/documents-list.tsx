import { useTranslation } from 'react-i18next';
import { brand } from '../../../lib/brand';

/** Where a document of the product lives under the brand's content base (spec 3 §7: by scheme). */
function documentUrl(productUrlName: string, type: string): string {
  return `${brand.contentBaseUrl}/documents/${encodeURIComponent(productUrlName)}/${encodeURIComponent(type)}.html`;
}

/** The quote's documents as links (each opens in a new tab). */
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
            <a href={documentUrl(productUrlName, type)} target="_blank" rel="noreferrer">
              {t(`documents.types.${type}`, { defaultValue: type })}
              <span className="visually-hidden"> {t('documents.opensNew')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
