import type { ReactElement } from 'react';
import type { ProposalResponse } from '@motor/contract';
import { useTranslation } from 'react-i18next';
import { brand } from '../../lib/brand';
import type { ProductConfig } from '../../lib/brand-products';
import { ContentLink } from './content-link';

/**
 * The document types a quote or a renewal shows: the product's, those of the covers added, then
 * the static ones.
 */
export function getQuoteDocuments(proposal: ProposalResponse, product: ProductConfig): string[] {
  const coverDocuments = proposal.quote.covers
    .filter((cover) => cover.active)
    .flatMap((cover) => product.documents.covers[cover.code] ?? []);
  return [
    ...new Set([...product.documents.product, ...coverDocuments, ...product.documents.static]),
  ];
}

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
