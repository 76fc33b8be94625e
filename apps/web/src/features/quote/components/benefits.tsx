import { useTranslation } from 'react-i18next';
import type { Proposal } from '../api/get-proposal';

/** The included (MAIN) covers of the quote as a tick list. */
export function Benefits({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const included = proposal.quote.covers.filter(
    (cover) => cover.coverType === 'MAIN' && cover.active,
  );
  return (
    <section aria-labelledby="quote-benefits-title">
      <h2 id="quote-benefits-title" className="quote-sidebar__title">
        {t('config.benefits.title')}
      </h2>
      <ul className="tick-list">
        {included.map((cover) => (
          <li key={cover.code}>{t(`covers.${cover.code}`)}</li>
        ))}
      </ul>
    </section>
  );
}
