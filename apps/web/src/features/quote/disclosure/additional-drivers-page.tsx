import type { ReactElement } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/button';
import {
  AdditionalDriverForm,
  AdditionalDriversList,
} from '../../../components/disclosure/additional-drivers';
import { disclosurePath } from '../../../components/disclosure/sections';
import { useDisclosureContext } from '../../../components/disclosure/use-disclosure-context';
import { getNextPath, ProposalLoader } from './proposal-loader';
import type { LoadedProposal } from './proposal-loader';

function DriversList({ loaded }: { loaded: LoadedProposal }): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const navigate = useNavigate();
  const { proposal, productUrlName, proposalCode } = loaded;
  const context = useDisclosureContext(proposal.schemeCode);
  return (
    <AdditionalDriversList
      proposal={proposal}
      base={paths.proposal(productUrlName, proposalCode)}
      actions={
        <Button
          layout="fixed"
          onClick={() =>
            navigate(
              getNextPath({ proposal, productUrlName, currentId: 'additional-drivers', context }),
            )
          }
        >
          {t('saveAndContinue')}
        </Button>
      }
    />
  );
}

function DriverForm({ loaded }: { loaded: LoadedProposal }): ReactElement {
  const navigate = useNavigate();
  const { profileCode } = useParams();
  const { proposal, productUrlName, proposalCode } = loaded;
  const listPath = disclosurePath({
    base: paths.proposal(productUrlName, proposalCode),
    sectionId: 'additional-drivers',
  });
  return (
    <AdditionalDriverForm
      proposal={proposal}
      profileCode={profileCode}
      returnPath={listPath}
      onSaved={() => navigate(listPath)}
    />
  );
}

/** disclosure/additional-drivers: the named drivers, with add, edit and remove (up to 4). */
export function AdditionalDriversPage(): ReactElement {
  return <ProposalLoader>{(loaded) => <DriversList loaded={loaded} />}</ProposalLoader>;
}

/** disclosure/additional-drivers/profile[/{profileCode}]: adds (p1, p2, ...) or edits a driver. */
export function AdditionalDriverPage(): ReactElement {
  return <ProposalLoader>{(loaded) => <DriverForm loaded={loaded} />}</ProposalLoader>;
}
