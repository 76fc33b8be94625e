import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../lib/brand';
import { ContentLink } from './content-link';

/** Where a document of the product lives under the brand's content base (spec 3 §7: by scheme). */
function documentUrl(productUrlName: string, type: string): string {
  return `${brand.contentBaseUrl}/documents/${encodeURIComponent(productUrlName)}/${encodeURIComponent(type)}.html`;
}

/** A quote's documents as links, each opening over the page in the content modal. */
export function DocumentLinks({
  productUrlName,
  types,
}: {
  productUrlName: string;
  types: readonly string[];
}): ReactElement {
  const { t } = useTranslation('quote');
  return (
    <ul className="quote-documents">
      {types.map((type) => {
        const title = t(`documents.types.${type}`, { defaultValue: type });
        return (
          <li key={type}>
            <ContentLink href={documentUrl(productUrlName, type)} title={title}>
              {title}
            </ContentLink>
          </li>
        );
      })}
    </ul>
  );
}
