import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLink } from './content-link';
import { coverPageUrl, exposuresPageUrl } from './help-link';

type CoverListProps = {
  /** Included cover codes, in the order the quote lists them. */
  codes: readonly string[];
  /** The product the covers belong to: its exposures page is named by its url name. */
  product: { urlName: string; name: string };
};

/**
 * A product's included covers, each opening its cover page, then its exposures page (what it
 * covers and what it doesn't), both under the brand's content base (spec 1 §7).
 */
export function CoverList({ codes, product }: CoverListProps): ReactElement {
  const { t } = useTranslation('quote');
  const exposures = t('coverPages.exposures', { name: product.name });
  return (
    <>
      <ul className="tick-list">
        {codes.map((code) => (
          <li key={code}>
            <ContentLink href={coverPageUrl(code)} title={t(`covers.${code}`)}>
              {t(`covers.${code}`)}
            </ContentLink>
          </li>
        ))}
      </ul>
      <p>
        <ContentLink href={exposuresPageUrl(product.urlName)} title={exposures}>
          {exposures}
        </ContentLink>
      </p>
    </>
  );
}
