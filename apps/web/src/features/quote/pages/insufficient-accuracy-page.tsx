import { useEffect } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useUpdateProposal } from '../../../lib/proposal-query';
import { useTranslation } from 'react-i18next';
import type { Proposal } from '../api/get-proposal';
import { ProposalHeader } from '../components/proposal-header';
import { getSectionOfMissing } from '../proposal-rules';
import { useQuoteContext } from '../use-quote-context';
import { QuoteSection } from '../../../components/ui/quote-section';

/** Sections in the order the customer meets them. */
const SECTION_ORDER = ['before-we-begin', 'about-you', 'your-car', 'your-cover'];

/** Rating cannot price yet: what is missing, grouped by the section that asks it. */
export function InsufficientAccuracyPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const rate = useUpdateProposal(proposal.proposalCode);
  const isUnrated = proposal.quote.ratedAt === null;
  const { mutate } = rate;
  useEffect(() => {
    // Answers saved as the customer went (issue 31 item 6) are priced before anything is said.
    if (isUnrated) mutate({ changes: [], applyRating: true });
  }, [isUnrated, mutate]);
  const { pathTo } = useQuoteContext(proposal);
  if (isUnrated && !rate.isError) return <Spinner label={t('insufficient.title')} />;
  const bySection = new Map<string, string[]>();
  for (const path of proposal.quote.missingInformation) {
    const section = getSectionOfMissing(path);
    bySection.set(section, [...(bySection.get(section) ?? []), path]);
  }
  return (
    <div className="quote-page quote-page--narrow">
      <ProposalHeader proposal={proposal} title={t('insufficient.title')} />
      <p className="lead">{t('insufficient.intro')}</p>
      <QuoteSection titleId="insufficient-missing-title" title={t('insufficient.missing')}>
        {[...bySection]
          .sort(([a], [b]) => SECTION_ORDER.indexOf(a) - SECTION_ORDER.indexOf(b))
          .map(([section, items]) => {
            const sectionName = t(`insufficient.sections.${section}`);
            return (
              <div key={section} className="quote-missing-group">
                <h3>{sectionName}</h3>
                <ul className="quote-missing-list">
                  {[
                    ...new Set(
                      items.map((item) => t(`insufficient.items.${item}`, { defaultValue: item })),
                    ),
                  ].map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
                <Link
                  className="btn btn--secondary"
                  to={section === 'before-we-begin' ? pathTo() : pathTo(`disclosure/${section}`)}
                >
                  {t('insufficient.answer')}
                  <span className="visually-hidden"> {sectionName}</span>
                </Link>
              </div>
            );
          })}
      </QuoteSection>
    </div>
  );
}
