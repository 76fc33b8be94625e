import type { ReactElement, ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useProposal } from '../../../lib/proposal-query';
import type { Proposal } from '../api/get-proposal';
import { listDisclosureSections } from '../../../components/disclosure/sections';
import type { SectionId } from '../../../components/disclosure/sections';
import type { FormContext } from '@motor/forms';

export type LoadedProposal = { proposal: Proposal; productUrlName: string; proposalCode: string };

/** Loads the proposal of the route; an unknown one goes home. */
export function ProposalLoader({
  children,
}: {
  children: (loaded: LoadedProposal) => ReactNode;
}): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const { productUrlName = '', proposalCode = '' } = useParams();
  const proposal = useProposal(proposalCode);
  if (proposal.isPending) return <Spinner label={t('loading')} />;
  if (proposal.isError) return <p className="text-muted">{t('failed')}</p>;
  if (proposal.data === null) return <Navigate to={paths.home()} replace />;
  return <>{children({ proposal: proposal.data, productUrlName, proposalCode })}</>;
}

/**
 * Where to go after a section is saved: the next section in order while any section is still
 * incomplete, else back to the proposal page.
 */
export function getNextPath(options: {
  proposal: Proposal;
  productUrlName: string;
  currentId: SectionId | null;
  context: FormContext;
}): string {
  const { proposal, productUrlName, currentId, context } = options;
  const sections = listDisclosureSections({ proposal, productUrlName, context });
  if (sections.every((section) => section.isComplete)) {
    return paths.proposal(productUrlName, proposal.proposalCode);
  }
  const index = currentId === null ? -1 : sections.findIndex((section) => section.id === currentId);
  const next =
    sections[index + 1] ?? sections.find((section) => !section.isComplete) ?? sections[0];
  return next ? next.path : paths.proposal(productUrlName, proposal.proposalCode);
}
