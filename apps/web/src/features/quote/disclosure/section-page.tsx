import type { ReactElement } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { DisclosureForm } from '../../../components/disclosure/disclosure-form';
import { getNextPath, ProposalLoader } from './proposal-loader';
import type { LoadedProposal } from './proposal-loader';
import { getSectionInputs } from '../../../components/disclosure/sections';
import type { SectionId } from '../../../components/disclosure/sections';
import { useDisclosureContext } from '../../../components/disclosure/use-disclosure-context';

/** The page header of a disclosure section: step title and a short why. */
function SectionHeader({ sectionId }: { sectionId: SectionId }): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  return (
    <div className="page-header">
      <p className="disclosure__eyebrow">{t('eyebrow')}</p>
      <h1>{t(`sections.${sectionId}.title`)}</h1>
      <p className="lead">{t(`sections.${sectionId}.intro`)}</p>
    </div>
  );
}

function SectionForm({
  sectionId,
  loaded,
}: {
  sectionId: Exclude<SectionId, 'additional-drivers'>;
  loaded: LoadedProposal;
}): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const navigate = useNavigate();
  const { proposal, productUrlName, proposalCode } = loaded;
  const context = useDisclosureContext(proposal.schemeCode);
  const { target, inputs } = getSectionInputs(proposal.schemeCode, sectionId);
  return (
    <div className="disclosure">
      <SectionHeader sectionId={sectionId} />
      <DisclosureForm
        // A new proposal code starts a new form.
        key={`${proposalCode}-${sectionId}`}
        proposal={proposal}
        target={target}
        inputs={inputs}
        idPrefix={sectionId}
        submitLabel={t('saveAndContinue')}
        // The car is looked up and may be replaced by the server: it is saved on Continue.
        saveAsYouGo={sectionId !== 'your-car'}
        onSaved={(updated) =>
          navigate(
            getNextPath({ proposal: updated, productUrlName, currentId: sectionId, context }),
          )
        }
        secondaryAction={
          <Link className="disclosure__back" to={paths.proposal(productUrlName, proposalCode)}>
            {t('backToQuote')}
          </Link>
        }
      />
    </div>
  );
}

/** disclosure/{sectionId}: one section's questions with the current answers. */
export function SectionPage({
  sectionId,
}: {
  sectionId: Exclude<SectionId, 'additional-drivers'>;
}): ReactElement {
  return (
    <ProposalLoader>
      {(loaded) => <SectionForm sectionId={sectionId} loaded={loaded} />}
    </ProposalLoader>
  );
}
