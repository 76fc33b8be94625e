import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toInstant } from '@motor/domain';
import { DynamicForm } from '../../../components/form/dynamic-form';
import type { Proposal } from '../api/get-proposal';
import { useRepriceExpiredQuote } from '../api/update-proposal';
import { ProposalHeader } from '../components/proposal-header';
import { getRelatedAnswers } from '../../../components/disclosure/sections';
import { useDisclosureContext } from '../../../components/disclosure/use-disclosure-context';
import { useQuoteContext } from '../use-quote-context';

/**
 * An expired quote (spec 2 §4): a new start date reprices it. The answer replaces the cached
 * proposal, so the router shows the configuration page once it is a QUOTE again.
 */
export function ExpiredQuotePage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const { product } = useQuoteContext(proposal);
  const update = useRepriceExpiredQuote(proposal.proposalCode);
  const baseContext = useDisclosureContext(proposal.schemeCode);
  // The start date's rules read the car's answers (cover cannot start before its usage start).
  const context = useMemo(
    () => ({ ...baseContext, related: getRelatedAnswers(proposal) }),
    [baseContext, proposal],
  );
  const inputs = product.disclosures.startDate.filter((input) =>
    product.expiredProposal.includes(input.name),
  );

  return (
    <div className="quote-page quote-page--narrow">
      <ProposalHeader proposal={proposal} title={t('expired.title')} />
      <p className="lead">{t('expired.intro')}</p>
      <div className="card quote-section">
        <DynamicForm
          inputs={inputs}
          values={{}}
          context={context}
          idPrefix="expired"
          submitLabel={t('expired.submit')}
          isSubmitting={update.isPending}
          onSubmit={(values) => {
            const startDate = values.startDate;
            if (typeof startDate !== 'string') return;
            update.mutate({
              // A London calendar day: cover starts at its midnight, or now when it is today.
              changes: [
                { changeType: 'START_DATE_CHANGE', startDate: toInstant(startDate).toISOString() },
              ],
              applyRating: true,
              revision: proposal.revision,
            });
          }}
        />
        {update.isPending ? (
          <p role="status" className="text-muted">
            {t('expired.working')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
