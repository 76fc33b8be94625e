import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DisclosureForm } from '../../../components/disclosure/disclosure-form';
import { getNextPath, ProposalLoader } from './proposal-loader';
import type { LoadedProposal } from './proposal-loader';
import { getBeforeWeBeginInputs } from '../../../components/disclosure/sections';
import { useDisclosureContext } from '../../../components/disclosure/use-disclosure-context';
import { PageHeader } from '../../../components/ui/page-header';

function BeforeWeBeginForm({ loaded }: { loaded: LoadedProposal }): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const navigate = useNavigate();
  const { proposal, productUrlName } = loaded;
  const context = useDisclosureContext(proposal.schemeCode);
  return (
    <div className="disclosure">
      <PageHeader title={t('beforeWeBegin.title')} lead={t('beforeWeBegin.intro')} />
      <DisclosureForm
        key={proposal.proposalCode}
        proposal={proposal}
        target="quote"
        inputs={getBeforeWeBeginInputs(proposal.schemeCode)}
        idPrefix="before-we-begin"
        submitLabel={t('beforeWeBegin.submit')}
        onSaved={(updated) =>
          navigate(getNextPath({ proposal: updated, productUrlName, currentId: null, context }))
        }
      />
    </div>
  );
}

/**
 * Before we begin (spec 2 §2): the eligibility confirmation and, for driveaway, the renewal month
 * and the retailer number checked against the retailer lookup. Then the first disclosure section.
 */
export function BeforeWeBeginPage(): ReactElement {
  return <ProposalLoader>{(loaded) => <BeforeWeBeginForm loaded={loaded} />}</ProposalLoader>;
}
