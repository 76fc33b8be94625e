import { getQuoteDocuments } from '../../../components/ui/document-links';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSameLondonDay } from '@motor/domain';
import { Button } from '../../../components/ui/button';
import { CoverDates } from '../../../components/ui/cover-dates';
import { Notification } from '../../../components/ui/notification';
import { PriceExplanation } from '../../../components/ui/price-explanation';
import { getImpersonatedUserId } from '../../../lib/auth/impersonation';
import { getTrackingValues } from '../../../lib/tracking';
import { useApiClient } from '../../../lib/use-api-client';
import type { Proposal } from '../api/get-proposal';
import {
  findRefusalMessage,
  recordImpression,
  useAcceptAgreements,
  useRetainProposal,
  useSetAutoRenewal,
} from '../api/proposal-actions';
import { DocumentsList } from '../components/documents-list';
import { ExcessLines } from '../../../components/ui/excess-lines';
import { ProposalHeader } from '../components/proposal-header';
import { QuoteHeadline } from '../components/quote-price';
import { SummaryDetails } from '../components/summary-details';
import { getActiveSchedule } from '../proposal-rules';
import { useQuoteContext } from '../use-quote-context';
import { useTrackOnce } from '../../../lib/analytics';
import { QuoteSection } from '../../../components/ui/quote-section';

const IMPRESSION_KEY = 'motor.quoteImpressions';

/** Records one impression per proposal (the server ignores repeats; this browser skips them). */
function useImpressionOnce(proposalCode: string) {
  const client = useApiClient();
  useEffect(() => {
    let seen: string[] = [];
    try {
      seen = JSON.parse(localStorage.getItem(IMPRESSION_KEY) ?? '[]') as string[];
      if (seen.includes(proposalCode)) return;
      localStorage.setItem(IMPRESSION_KEY, JSON.stringify([...seen, proposalCode].slice(-50)));
    } catch {
      // Storage blocked: the server still counts one impression per proposal.
    }
    void recordImpression(client, proposalCode, getTrackingValues());
  }, [client, proposalCode]);
}

/** The summary (spec 2 §2): policy facts, auto-renewal, details, excess, documents, checklist. */
export function SummaryPage({ proposal, now = new Date() }: { proposal: Proposal; now?: Date }) {
  useTrackOnce({ name: 'summary_viewed', proposalCode: proposal.proposalCode });
  const { t } = useTranslation('quote');
  const navigate = useNavigate();
  const { product, pathTo } = useQuoteContext(proposal);
  const schedule = getActiveSchedule(proposal);
  const retain = useRetainProposal(proposal.proposalCode);
  const autoRenewal = useSetAutoRenewal(proposal.proposalCode);
  const agreements = useAcceptAgreements(proposal.proposalCode);
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  useImpressionOnce(proposal.proposalCode);

  const checklist = product.checkoutChecklist;
  const isChecked = checklist.every((input) => ticked[input.name] === true);
  const isSubscription = product.productKind === 'SUBSCRIPTION';
  const previousInsurer = proposal.sourcePolicy?.quote.mainInsurer;
  const insurer = proposal.quote.mainInsurer ?? product.mainInsurer;
  const addedCovers = proposal.quote.covers.filter(
    (cover) => cover.coverType === 'OPTIONAL' && cover.active,
  );
  const startsToday = !proposal.startAt || isSameLondonDay(proposal.startAt, now);

  return (
    <div className="quote-page">
      <ProposalHeader proposal={proposal} title={t('summary.title')} />
      <div className="quote-layout">
        <div className="quote-layout__main">
          <QuoteSection titleId="summary-info-title" title={t('summary.info.title')}>
            <dl className="quote-facts">
              {isSubscription ? (
                <div>
                  <dt>{t('summary.info.frequency')}</dt>
                  <dd>{t(`config.schedule.${schedule.type}`)}</dd>
                </div>
              ) : null}
              <CoverDates
                cover={proposal}
                productKind={product.productKind}
                label={(row) => t(`summary.info.${row}`)}
                start={startsToday ? t('summary.info.today') : undefined}
              />
              <div>
                <dt>{t('summary.info.insurer')}</dt>
                <dd>
                  {previousInsurer && previousInsurer !== insurer ? (
                    <>
                      <del>
                        <span className="visually-hidden">
                          {t('summary.info.previousInsurer')}{' '}
                        </span>
                        {previousInsurer}
                      </del>{' '}
                    </>
                  ) : null}
                  {insurer}
                </dd>
              </div>
              {addedCovers.length > 0 ? (
                <div>
                  <dt>{t('summary.info.extras')}</dt>
                  <dd>{addedCovers.map((cover) => t(`covers.${cover.code}`)).join(', ')}</dd>
                </div>
              ) : null}
            </dl>
            {product.renewal.allowModifyAutoRenewal ? (
              <div className="quote-toggle">
                <input
                  id="summary-auto-renewal"
                  type="checkbox"
                  role="switch"
                  checked={proposal.autoRenewalEnabled === true}
                  disabled={autoRenewal.isPending}
                  aria-describedby="summary-auto-renewal-hint"
                  onChange={(event) => autoRenewal.mutate(event.target.checked)}
                />
                <label htmlFor="summary-auto-renewal">{t('summary.autoRenewal.label')}</label>
                <p id="summary-auto-renewal-hint" className="field__hint">
                  {t('summary.autoRenewal.hint')}
                </p>
              </div>
            ) : null}
          </QuoteSection>
          <SummaryDetails proposal={proposal} summary={product.summary} pathTo={pathTo} />
          <QuoteSection titleId="summary-excess-title" title={t('config.excess.title')}>
            <ExcessLines excess={proposal.quote.excess} />
          </QuoteSection>
          {product.free ? null : (
            <div className="card quote-section">
              <PriceExplanation
                quote={proposal.quote}
                showTrace={getImpersonatedUserId() !== null}
              />
            </div>
          )}
          <DocumentsList
            productUrlName={product.urlName}
            types={getQuoteDocuments(proposal, product)}
          />
        </div>
        <aside className="quote-layout__sidebar card" aria-labelledby="summary-checklist-title">
          <QuoteHeadline proposal={proposal} product={product} />
          <h2 id="summary-checklist-title" className="quote-sidebar__title">
            {t('summary.checklist.title')}
          </h2>
          <fieldset className="quote-checklist">
            <legend className="visually-hidden">{t('summary.checklist.legend')}</legend>
            {checklist.map((input) => {
              const id = `checklist-${input.name}`;
              return (
                <div key={input.name} className="quote-check">
                  <input
                    id={id}
                    type="checkbox"
                    checked={ticked[input.name] === true}
                    onChange={(event) =>
                      setTicked((current) => ({ ...current, [input.name]: event.target.checked }))
                    }
                  />
                  <label htmlFor={id}>{String(input.meta?.label ?? input.name)}</label>
                </div>
              );
            })}
          </fieldset>
          <Button
            layout="fixed"
            disabled={!isChecked || agreements.isPending}
            onClick={() =>
              // The server records what was agreed (and to which documents) before verify,
              // account set-up (signing in when needed) and checkout, which refuse without it.
              agreements.mutate(
                checklist.map((input) => input.name),
                { onSuccess: () => void navigate(pathTo('account-setup')) },
              )
            }
          >
            {t('summary.continue')}
          </Button>
          {agreements.isError ? (
            <Notification variant="critical" isAlert>
              {findRefusalMessage(agreements.error) ?? t('summary.checklist.failed')}
            </Notification>
          ) : null}
          <Button variant="inverted" onClick={() => retain.mutate()} disabled={retain.isPending}>
            {t('summary.retain.button')}
          </Button>
          {retain.isSuccess ? (
            <Notification variant="success" isAlert>
              {t('summary.retain.sent')}
            </Notification>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
