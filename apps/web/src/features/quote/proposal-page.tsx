import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { useProposal } from './api/get-proposal';

// Loads the proposal; routing by status arrives with the quote journey.
export function ProposalPage() {
  const { t } = useTranslation();
  const { proposalCode = '' } = useParams();
  const proposal = useProposal(proposalCode);

  if (proposal.isPending) {
    return (
      <p role="status" className="text-muted">
        {t('proposal.loading')}
      </p>
    );
  }
  if (proposal.isError) {
    // The error modal explains what went wrong.
    return (
      <div className="page-header">
        <h1>{t('proposal.title')}</h1>
        <p>{t('proposal.failed')}</p>
      </div>
    );
  }
  if (proposal.data === null) return <Navigate to={paths.home()} replace />;

  return (
    <div className="page-header">
      <h1>{t('proposal.title')}</h1>
      <p className="text-muted">{t('proposal.reference', { code: proposal.data.proposalCode })}</p>
    </div>
  );
}
