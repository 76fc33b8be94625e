import { useTranslation } from 'react-i18next';
import type { Cover } from '@motor/domain';
import { ContentLink } from '../../../components/ui/content-link';
import { optionalCoverPageUrl } from '../../../components/ui/help-link';
import { QuoteSection } from '../../../components/ui/quote-section';
import { formatPence } from '../../../lib/format';
import type { Proposal } from '../api/get-proposal';
import { getActiveSchedule, getAvailableOptionalCovers } from '../proposal-rules';

/** An optional cover's price as shown: per month on a monthly schedule. */
export function useCoverPrice(proposal: Proposal) {
  const { t } = useTranslation('quote');
  const { type, premiumBreakdown } = getActiveSchedule(proposal);
  return (cover: Cover): string | null => {
    if (cover.premium == null) return null;
    if (type !== 'MONTHLY')
      return t('config.optional.priceSingle', { amount: formatPence(cover.premium) });
    const perMonth = Math.round(cover.premium / Math.max(premiumBreakdown.numberOfInstalments, 1));
    return t('config.optional.price', { amount: formatPence(perMonth) });
  };
}

/** The optional covers on the configuration page, with their price and whether they are added. */
export function OptionalCoversSummary({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const covers = getAvailableOptionalCovers(proposal);
  const priceOf = useCoverPrice(proposal);
  if (covers.length === 0) return null;
  return (
    <QuoteSection
      titleId="quote-optional-title"
      title={t('config.optional.title')}
      intro={t('config.optional.intro')}
    >
      <ul className="quote-covers">
        {covers.map((cover) => (
          <li key={cover.code} className="quote-cover">
            <span className="quote-cover__name">
              <ContentLink
                href={optionalCoverPageUrl(cover.code)}
                title={t(`covers.${cover.code}`)}
              >
                {t(`covers.${cover.code}`)}
              </ContentLink>
            </span>
            <span className="quote-cover__price">{priceOf(cover)}</span>
            <span className="quote-cover__status">
              {cover.active ? t('config.optional.added') : t('config.optional.notAdded')}
            </span>
          </li>
        ))}
      </ul>
    </QuoteSection>
  );
}
