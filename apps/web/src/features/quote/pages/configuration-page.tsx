import { getQuoteDocuments } from '../../../components/ui/document-links';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentScheduleType, ProposalChange } from '@motor/domain';
import { Button } from '../../../components/ui/button';
import { CoverDates } from '../../../components/ui/cover-dates';
import { Notification } from '../../../components/ui/notification';
import { useAnalytics, useTrackOnce } from '../../../lib/analytics';
import { useApiClient } from '../../../lib/use-api-client';
import { proposalQueryKey } from '../../../lib/query-keys';
import type { Proposal } from '../api/get-proposal';
import { useUpdateProposal } from '../../../lib/proposal-query';
import { Benefits } from '../components/benefits';
import { ChoiceList } from '../components/choice-list';
import { ConfirmationModal } from '../components/confirmation-modal';
import { DocumentsList } from '../components/documents-list';
import { ExcessSection } from '../components/excess-section';
import { IdCheckFailedModal } from '../components/id-check-failed-modal';
import { OptionalCoversSummary } from '../components/optional-covers-summary';
import { PromotionCode } from '../components/promotion-code';
import { ProposalHeader } from '../components/proposal-header';
import { QuoteHeadline, QuotePrice } from '../components/quote-price';
import { PriceExplanation } from '../../../components/ui/price-explanation';
import { getImpersonatedUserId } from '../../../lib/auth/impersonation';
import { continueFromConfiguration } from '../continue-flow';
import { getActiveSchedule, getContinueLabel, getMissingConfirmation } from '../proposal-rules';
import { useQuoteContext } from '../use-quote-context';
import { QuoteSection } from '../../../components/ui/quote-section';

/** The proposal configuration page of a QUOTE (spec 2 §2). */
export function ConfigurationPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const navigate = useNavigate();
  const client = useApiClient();
  const { product, pathTo } = useQuoteContext(proposal);
  const update = useUpdateProposal(proposal.proposalCode);
  const active = getActiveSchedule(proposal);
  const [schedule, setSchedule] = useState<PaymentScheduleType>(active.type);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isIdCheckFailed, setIsIdCheckFailed] = useState(false);
  const missing = getMissingConfirmation(proposal, product);
  const isMissing = missing.length > 0;
  const queryClient = useQueryClient();
  const { proposalCode } = proposal;
  const track = useAnalytics();
  useTrackOnce({ name: 'quote_shown', proposalCode });
  const proceed = useMutation({
    mutationFn: () => continueFromConfiguration({ client, proposal, selectedSchedule: schedule }),
    onSuccess: (result) => {
      if (result.kind === 'idCheckFailed') {
        track({ name: 'id_check_refused', proposalCode });
        setIsIdCheckFailed(true);
        return;
      }
      track({ name: 'id_check_passed', proposalCode });
      queryClient.setQueryData(proposalQueryKey(proposal.proposalCode), result.proposal);
      void navigate(pathTo(result.step));
    },
  });

  const saveConfirmation = (changes: ProposalChange[]) =>
    update.mutateAsync({ changes, applyRating: true, revision: proposal.revision });

  const selectExcess = (excess: number) =>
    update.mutateAsync({
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess }],
      applyRating: true,
      revision: proposal.revision,
    });

  return (
    <div className="quote-page">
      <ProposalHeader proposal={proposal} title={t('config.title')} />
      {isMissing ? (
        <Notification
          variant="warning"
          title={t('config.missing.title')}
          action={
            <Button variant="inverted" onClick={() => setIsConfirming(true)}>
              {t('config.missing.button')}
            </Button>
          }
        >
          <p>{t('config.missing.body')}</p>
        </Notification>
      ) : null}
      <div className="quote-layout">
        <div className="quote-layout__main">
          <QuoteSection titleId="quote-price-title" title={t('config.premium.title')}>
            <QuotePrice proposal={proposal} product={product} />
            {product.free ? null : (
              <PriceExplanation
                quote={proposal.quote}
                showTrace={getImpersonatedUserId() !== null}
              />
            )}
            {product.paymentSchedules.length > 1 ? (
              <ChoiceList
                legend={t('config.schedule.legend')}
                choices={product.paymentSchedules.map((type) => ({
                  value: type,
                  label: t(`config.schedule.${type}`),
                }))}
                value={schedule}
                onChange={setSchedule}
              />
            ) : null}
          </QuoteSection>
          <QuoteSection titleId="quote-dates-title" title={t('config.dates.title')}>
            <dl className="quote-facts">
              <CoverDates
                cover={proposal}
                productKind={product.productKind}
                label={(row) => t(`config.dates.${row}`)}
              />
            </dl>
            <Link to={pathTo('disclosure/start-date')}>{t('config.dates.change')}</Link>
          </QuoteSection>
          <ExcessSection proposal={proposal} onSelect={selectExcess} isSaving={update.isPending} />
          <PromotionCode proposal={proposal} />
          <OptionalCoversSummary proposal={proposal} />
          {product.productKind === 'DRIVEAWAY' ? (
            <Notification
              variant="info"
              title={t('config.upgrade.title')}
              action={
                <Link className="btn btn--secondary" to={pathTo('upgrade')}>
                  {t('config.upgrade.link')}
                </Link>
              }
            >
              <p>{t('config.upgrade.body')}</p>
            </Notification>
          ) : null}
          <DocumentsList
            productUrlName={product.urlName}
            types={getQuoteDocuments(proposal, product)}
          />
        </div>
        <aside className="quote-layout__sidebar card" aria-label={t('config.benefits.title')}>
          <QuoteHeadline proposal={proposal} product={product} />
          <Benefits proposal={proposal} />
          <Button
            layout="fixed"
            onClick={() => proceed.mutate()}
            disabled={isMissing || proceed.isPending}
            aria-describedby={isMissing ? 'quote-continue-hint' : undefined}
          >
            {t(`config.continue.${getContinueLabel(proposal)}`)}
          </Button>
          {isMissing ? (
            <p id="quote-continue-hint" className="text-muted">
              {t('config.continue.disabledHint')}
            </p>
          ) : null}
          {proceed.isPending ? (
            <p role="status" className="text-muted">
              {t('config.working')}
            </p>
          ) : null}
        </aside>
      </div>
      <ConfirmationModal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        proposal={proposal}
        product={product}
        missing={missing}
        onSave={saveConfirmation}
        isSaving={update.isPending}
      />
      <IdCheckFailedModal
        isOpen={isIdCheckFailed}
        onClose={() => setIsIdCheckFailed(false)}
        reference={proposal.externalReference}
      />
    </div>
  );
}
