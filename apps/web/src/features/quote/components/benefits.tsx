import { useTranslation } from 'react-i18next';
import { CoverList } from '../../../components/ui/cover-list';
import { findSchemeByCode } from '../../../lib/schemes';
import type { Proposal } from '../api/get-proposal';

/** The included (MAIN) covers of the quote, each linked to its page, and the product's exposures. */
export function Benefits({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const scheme = findSchemeByCode(proposal.schemeCode);
  const included = proposal.quote.covers.filter(
    (cover) => cover.coverType === 'MAIN' && cover.active,
  );
  return (
    <section aria-labelledby="quote-benefits-title">
      <h2 id="quote-benefits-title" className="quote-sidebar__title">
        {t('config.benefits.title')}
      </h2>
      {scheme ? <CoverList codes={included.map((cover) => cover.code)} product={scheme} /> : null}
    </section>
  );
}
