import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OptionalCoverCode, ProposalChange } from '@motor/domain';
import { Button } from '../../../components/ui/button';
import { ContentLink } from '../../../components/ui/content-link';
import { optionalCoverPageUrl } from '../../../components/ui/help-link';
import { useApiClient } from '../../../lib/use-api-client';
import { proposalQueryKey } from '../../../lib/query-keys';
import type { Proposal } from '../api/get-proposal';
import { patchProposal } from '../../../lib/proposal-query';
import { ChoiceList } from '../components/choice-list';
import { useCoverPrice } from '../components/optional-covers-summary';
import {
  getAvailableOptionalCovers,
  getCoreAssetCode,
  getCoverDecisions,
  isOptionalCoverCode,
} from '../proposal-rules';
import { useQuoteContext } from '../use-quote-context';
import { useTrackOnce } from '../../../lib/analytics';
import { PageHeader } from '../../../components/ui/page-header';

type Decisions = Partial<Record<OptionalCoverCode, boolean>>;

/** The changes that record each decision that differs from what the quote has. */
function getCoverChanges(options: { proposal: Proposal; decisions: Decisions }): ProposalChange[] {
  const { proposal, decisions } = options;
  const assetCode = getCoreAssetCode(proposal);
  return getAvailableOptionalCovers(proposal).flatMap((cover): ProposalChange[] => {
    if (!isOptionalCoverCode(cover.code)) return [];
    const decision = decisions[cover.code];
    if (decision === undefined || decision === proposal.quote.requestedOptionalCovers[cover.code]) {
      return [];
    }
    return [
      { changeType: decision ? 'ADD_COVER' : 'REMOVE_COVER', coverCode: cover.code, assetCode },
    ];
  });
}

/** Add-ons (spec 2 §2): a decision for every available optional cover, then the summary. */
export function AddOnsPage({ proposal }: { proposal: Proposal }) {
  useTrackOnce({ name: 'add_ons_viewed', proposalCode: proposal.proposalCode });
  const { t } = useTranslation('quote');
  const navigate = useNavigate();
  const client = useApiClient();
  const { pathTo } = useQuoteContext(proposal);
  const queryClient = useQueryClient();
  const covers = getAvailableOptionalCovers(proposal);
  const priceOf = useCoverPrice(proposal);
  const [decisions, setDecisions] = useState<Decisions>(() => getCoverDecisions(proposal));
  const isDecided = covers.every(
    (cover) => isOptionalCoverCode(cover.code) && decisions[cover.code] !== undefined,
  );

  const proceed = useMutation({
    mutationFn: async () => {
      const changes = getCoverChanges({ proposal, decisions });
      if (changes.length > 0) {
        const updated = await patchProposal(client, proposal.proposalCode, {
          changes,
          applyRating: true,
          revision: proposal.revision,
        });
        queryClient.setQueryData(proposalQueryKey(proposal.proposalCode), updated);
      }
    },
    // The summary and its agreements come next for everyone, signed in or not (spec 2 §2).
    onSuccess: () => void navigate(pathTo('summary')),
  });

  return (
    <div className="quote-page quote-page--narrow">
      <p>
        <Link to={pathTo()}>{t('back')}</Link>
      </p>
      <PageHeader title={t('addOns.title')} lead={t('addOns.intro')} />
      {covers.map((cover) => {
        if (!isOptionalCoverCode(cover.code)) return null;
        const code = cover.code;
        const name = t(`covers.${code}`);
        const price = priceOf(cover);
        return (
          <section key={code} className="card quote-section" aria-labelledby={`add-on-${code}`}>
            <h2 id={`add-on-${code}`}>{name}</h2>
            <p>{t(`coverDescriptions.${code}`)}</p>
            <p>
              <ContentLink href={optionalCoverPageUrl(code)} title={name}>
                {t('coverPages.more', { name })}
              </ContentLink>
            </p>
            {price ? <p className="quote-cover__price">{price}</p> : null}
            <ChoiceList
              legend={t('addOns.undecided', { name })}
              isLegendHidden
              choices={[
                { value: true, label: t('addOns.add') },
                { value: false, label: t('addOns.noThanks') },
              ]}
              value={decisions[code]}
              onChange={(value) => setDecisions((current) => ({ ...current, [code]: value }))}
            />
          </section>
        );
      })}
      <Button
        layout="fixed"
        disabled={!isDecided || proceed.isPending}
        onClick={() => proceed.mutate()}
      >
        {t('addOns.continue')}
      </Button>
      {proceed.isPending ? (
        <p role="status" className="text-muted">
          {t('addOns.working')}
        </p>
      ) : null}
    </div>
  );
}
