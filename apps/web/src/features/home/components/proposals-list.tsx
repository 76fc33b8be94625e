import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { formatDate, formatPence } from '../../../lib/format';
import { findSchemeByCode } from '../../../lib/schemes';
import type { ProposalSummary } from '../api/get-proposals';

const ACTION_BY_STATUS = {
  QUOTE: 'view',
  QUOTE_EXPIRED: 'update',
  REFERRAL: 'resume',
  INSUFFICIENT_ACCURACY: 'resume',
  POLICY: null,
} as const;

function ProposalCard({ proposal }: { proposal: ProposalSummary }) {
  const { t } = useTranslation();
  const scheme = findSchemeByCode(proposal.schemeCode);
  const action = ACTION_BY_STATUS[proposal.status];
  // POLICY shows nothing (spec 1 §4); a scheme this brand does not sell cannot be opened.
  if (!scheme || !action) return null;
  const premium = proposal.status === 'QUOTE' ? proposal.quote?.totalPremium : null;
  return (
    <li className="card proposal-card">
      <h3 className="card__title">{scheme.name}</h3>
      <p className="proposal-card__status">{t(`home.proposals.status.${proposal.status}`)}</p>
      <p className="text-muted">{t('home.proposals.reference', { code: proposal.proposalCode })}</p>
      {proposal.startAt ? (
        <p className="text-muted">
          {t('home.proposals.starts', { date: formatDate(proposal.startAt) })}
        </p>
      ) : null}
      {premium != null ? (
        <p className="proposal-card__premium">
          <span className="text-muted">{t('home.proposals.premium')}</span>{' '}
          <strong>{formatPence(premium)}</strong>
        </p>
      ) : null}
      <Link className="btn btn--primary" to={paths.proposal(scheme.urlName, proposal.proposalCode)}>
        {t(`home.proposals.actions.${action}`)}
        <span className="visually-hidden">
          {' '}
          {scheme.name} {proposal.proposalCode}
        </span>
      </Link>
    </li>
  );
}

export function ProposalsList({ proposals }: { proposals: ProposalSummary[] }) {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="home-proposals-title">
      <h2 id="home-proposals-title">{t('home.proposals.title')}</h2>
      <ul className="card-grid">
        {proposals.map((proposal) => (
          <ProposalCard key={proposal.proposalCode} proposal={proposal} />
        ))}
      </ul>
    </section>
  );
}
