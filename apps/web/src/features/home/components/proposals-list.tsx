import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getProposalCardKind } from '@motor/domain';
import { paths } from '../../../lib/paths';
import { formatDate, formatPence } from '../../../lib/format';
import { findSchemeByCode } from '../../../lib/schemes';
import type { ProposalSummary } from '../api/get-proposals';
import { CardSection } from './card-section';

function ProposalCard({ proposal }: { proposal: ProposalSummary }) {
  const { t } = useTranslation('home');
  const scheme = findSchemeByCode(proposal.schemeCode);
  const card = getProposalCardKind(proposal.status);
  // POLICY shows nothing (spec 1 §4); a scheme this brand does not sell cannot be opened.
  if (!scheme || !card) return null;
  const premium = card.showsPremium ? proposal.premiumPence : null;
  // A monthly product is priced as its quote page heads it: the monthly instalment.
  const monthly = card.showsPremium ? proposal.monthlyPence : null;
  return (
    <li className="card home-card">
      <p className={`home-card__status home-card__status--${card.action}`}>
        {t(`proposals.status.${proposal.status}`)}
      </p>
      <h3 className="card__title">{scheme.name}</h3>
      {proposal.registration ? (
        <p className="home-card__registration">
          {t('proposals.registration', { registration: proposal.registration })}
        </p>
      ) : null}
      <p className="text-muted">
        {t('proposals.reference', { code: proposal.externalReference ?? proposal.proposalCode })}
      </p>
      {proposal.startAt ? (
        <p className="text-muted">
          {t('proposals.starts', { date: formatDate(proposal.startAt) })}
        </p>
      ) : null}
      {monthly != null ? (
        <p className="home-card__premium">
          <span className="text-muted">{t('proposals.monthly')}</span>{' '}
          <strong>{t('proposals.perMonth', { amount: formatPence(monthly) })}</strong>
        </p>
      ) : premium != null ? (
        <p className="home-card__premium">
          <span className="text-muted">{t('proposals.premium')}</span>{' '}
          <strong>{formatPence(premium)}</strong>
        </p>
      ) : null}
      <Link className="btn btn--primary" to={paths.proposal(scheme.urlName, proposal.proposalCode)}>
        {t(`proposals.actions.${card.action}`)}
        <span className="visually-hidden">
          {' '}
          {scheme.name} {proposal.externalReference ?? proposal.proposalCode}
        </span>
      </Link>
    </li>
  );
}

/** Proposal cards per status, in the order given (sorted by start date). */
export function ProposalsList({
  proposals,
  isInTab = false,
}: {
  proposals: ProposalSummary[];
  /** In a tab (CardSection says what changes). */
  isInTab?: boolean;
}) {
  const { t } = useTranslation('home');
  return (
    <CardSection titleId="home-proposals-title" title={t('proposals.title')} isInTab={isInTab}>
      {proposals.map((proposal) => (
        <ProposalCard key={proposal.proposalCode} proposal={proposal} />
      ))}
    </CardSection>
  );
}
