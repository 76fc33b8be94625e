import { useId, type ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, type OptionalCoverCode } from '@motor/domain';
import { maxAdditionalDrivers } from '../../components/disclosure/additional-drivers';
import { disclosurePath } from '../../components/disclosure/sections';
import { DocumentLinks, getQuoteDocuments } from '../../components/ui/document-links';
import { CoverDates } from '../../components/ui/cover-dates';
import { ExcessLines } from '../../components/ui/excess-lines';
import { SummaryRow } from '../../components/ui/summary-row';
import type { ProductConfig } from '../../lib/brand-products';
import { formatDate } from '../../lib/format';
import { useUpdateProposal } from '../../lib/proposal-query';
import type { RenewalProposal } from './api/renewal-api';
import {
  describeRenewalCar,
  listRenewalDrivers,
  listRenewalOptionalCovers,
  monthlyInstalmentOf,
} from './renewal-rules';
import { QuoteSection } from '../../components/ui/quote-section';

// The renewal quote page (spec 2 §2 "Renewal"): the updated terms (last year's price beside this
// year's, FCA ICOBS 6.5), a section per renewal configuration entry (the policy-management
// summary, the additional drivers), optional covers as toggles, excess, documents and the
// opt-out link. A change is re-rated by the server through the new-business cap.

type Props = { proposal: RenewalProposal; product: ProductConfig; base: string };

function UpdatedTerms({ proposal, product }: Omit<Props, 'base'>) {
  const { t } = useTranslation('renewal');
  const last = proposal.sourcePolicy!.quote;
  const lastMonthly = monthlyInstalmentOf(last);
  const thisMonthly = monthlyInstalmentOf(proposal.quote);
  const year = (total: number, monthly: number | null) =>
    monthly === null
      ? t('quote.terms.year', { amount: formatMoney(total) })
      : t('quote.terms.yearMonthly', {
          amount: formatMoney(total),
          monthly: formatMoney(monthly),
        });
  return (
    <QuoteSection titleId="renewal-terms-title" title={t('quote.terms.title')}>
      <dl className="summary-list">
        <SummaryRow term={t('quote.terms.lastYear')}>
          {year(last.totals.discounted, lastMonthly)}
        </SummaryRow>
        <SummaryRow term={t('quote.terms.thisYear')}>
          <strong>{year(proposal.quote.totals.discounted, thisMonthly)}</strong>
        </SummaryRow>
        <CoverDates
          cover={proposal}
          productKind={product.productKind}
          label={(row) => (row === 'start' ? t('quote.terms.starts') : t('quote.terms.term'))}
          showEnd={false}
          rowClassName="summary-list__row"
        />
      </dl>
      <p className="text-muted">{t('quote.terms.fair')}</p>
    </QuoteSection>
  );
}

function ManagementSummary({ proposal }: { proposal: RenewalProposal }) {
  const { t } = useTranslation('renewal');
  const car = describeRenewalCar(proposal);
  const { policyholder } = listRenewalDrivers(proposal);
  return (
    <QuoteSection titleId="renewal-management-title" title={t('quote.management.title')}>
      <dl className="summary-list">
        <SummaryRow term={t('quote.management.car')}>
          {[car.registration, car.name].filter(Boolean).join(', ') || '—'}
        </SummaryRow>
        <SummaryRow term={t('quote.management.policyholder')}>{policyholder || '—'}</SummaryRow>
      </dl>
    </QuoteSection>
  );
}

function AdditionalDrivers({ proposal, base }: { proposal: RenewalProposal; base: string }) {
  const { t } = useTranslation('renewal');
  const { additional } = listRenewalDrivers(proposal);
  // Changes go through the quote's driver pages under the renewal (disclosure/additional-drivers).
  const canChange = proposal.status === 'QUOTE';
  const path = (profileCode: string | null) =>
    disclosurePath({ base, sectionId: 'additional-drivers', profileCode });
  const canAdd = canChange && additional.length < maxAdditionalDrivers(proposal.schemeCode);
  return (
    <QuoteSection titleId="renewal-drivers-title" title={t('quote.drivers.title')}>
      {additional.length === 0 ? (
        <p className="text-muted">{t('quote.drivers.none')}</p>
      ) : (
        <ul className="driver-list">
          {additional.map((driver) => (
            <li key={driver.profileCode} className="driver-list__item">
              <span className="driver-list__name">{driver.name}</span>
              {canChange ? (
                <span className="driver-list__actions">
                  <Link to={path(driver.profileCode)}>
                    {t('quote.drivers.change')}
                    <span className="visually-hidden"> {driver.name}</span>
                  </Link>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canAdd ? <Link to={path(null)}>{t('quote.drivers.add')}</Link> : null}
    </QuoteSection>
  );
}

function OptionalCovers({
  proposal,
  onToggle,
  isSaving,
}: {
  proposal: RenewalProposal;
  onToggle: (code: OptionalCoverCode, selected: boolean) => void;
  isSaving: boolean;
}) {
  const { t } = useTranslation('renewal');
  const { t: tQuote } = useTranslation('quote');
  const covers = listRenewalOptionalCovers(proposal);
  if (covers.length === 0) return null;
  return (
    <QuoteSection
      titleId="renewal-covers-title"
      title={t('quote.covers.title')}
      intro={t('quote.covers.intro')}
    >
      <div className="checkboxes">
        {covers.map((cover) => (
          <label key={cover.code} className="checkbox">
            <input
              type="checkbox"
              role="switch"
              className="checkbox__input"
              checked={cover.active}
              disabled={isSaving}
              onChange={(event) =>
                onToggle(cover.code as OptionalCoverCode, event.currentTarget.checked)
              }
            />
            <span className="checkbox__label">
              {tQuote(`covers.${cover.code}`)}
              {cover.premium != null ? (
                <span className="text-muted">
                  {' '}
                  {t('quote.covers.price', { amount: formatMoney(cover.premium) })}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </QuoteSection>
  );
}

function Excess({
  proposal,
  onSelect,
  isSaving,
}: {
  proposal: RenewalProposal;
  onSelect: (excessPence: number) => void;
  isSaving: boolean;
}) {
  const { t } = useTranslation('renewal');
  const { t: tQuote } = useTranslation('quote');
  const selectId = useId();
  const options = proposal.quote.voluntaryExcessOptions;
  const current = proposal.quote.voluntaryExcess ?? 0;
  return (
    <QuoteSection
      titleId="renewal-excess-title"
      title={t('quote.excess.title')}
      intro={tQuote('config.excess.intro')}
    >
      <ExcessLines excess={proposal.quote.excess} />
      {options.length > 1 ? (
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {t('quote.excess.voluntary')}
          </label>
          <select
            id={selectId}
            className="select"
            value={current}
            disabled={isSaving}
            onChange={(event) => onSelect(Number(event.currentTarget.value))}
          >
            {options.map((pence) => (
              <option key={pence} value={pence}>
                {formatMoney(pence, { style: 'short' })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </QuoteSection>
  );
}

function Documents({ proposal, product }: Omit<Props, 'base'>) {
  const { t } = useTranslation('renewal');
  return (
    <QuoteSection titleId="renewal-documents-title" title={t('quote.documents.title')}>
      <DocumentLinks
        productUrlName={product.urlName}
        types={getQuoteDocuments(proposal, product)}
      />
    </QuoteSection>
  );
}

export function RenewalQuotePage({ proposal, product, base }: Props): ReactElement {
  const { t } = useTranslation('renewal');
  const update = useUpdateProposal(proposal.proposalCode);
  const send = (changes: Parameters<typeof update.mutate>[0]['changes']) =>
    update.mutate({ changes, applyRating: true, revision: proposal.revision });
  const sections = {
    management: <ManagementSummary key="management" proposal={proposal} />,
    additionalDrivers: (
      <AdditionalDrivers key="additionalDrivers" proposal={proposal} base={base} />
    ),
  };
  const renewsOn = proposal.startAt ? formatDate(proposal.startAt) : '';

  return (
    <div className="quote-page quote-page--narrow">
      <div className="page-header">
        <h1>{t('quote.title')}</h1>
        <p>
          {proposal.status === 'POLICY'
            ? t('quote.bought', { date: renewsOn })
            : t('quote.intro', { date: renewsOn })}
        </p>
      </div>
      {update.isPending ? (
        <p className="text-muted" role="status">
          {t('quote.saving')}
        </p>
      ) : null}
      <UpdatedTerms proposal={proposal} product={product} />
      {product.renewal.sections.map((section) => sections[section])}
      {proposal.status === 'QUOTE' ? (
        <>
          <OptionalCovers
            proposal={proposal}
            isSaving={update.isPending}
            onToggle={(coverCode, selected) =>
              send([{ changeType: 'REQUEST_COVER_OPTION', coverCode, selected }])
            }
          />
          <Excess
            proposal={proposal}
            isSaving={update.isPending}
            onSelect={(excess) => send([{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess }])}
          />
        </>
      ) : null}
      <Documents proposal={proposal} product={product} />
      <QuoteSection titleId="renewal-opt-out-title" title={t('quote.optOut.title')}>
        <p>{t('quote.optOut.body', { date: renewsOn })}</p>
        <Link to={`${base}/opt-out`}>{t('quote.optOut.link')}</Link>
      </QuoteSection>
    </div>
  );
}
