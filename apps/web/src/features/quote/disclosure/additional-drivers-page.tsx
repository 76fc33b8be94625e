import type { ReactElement } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getProductConfig } from '../../../lib/brand-products';
import { Button } from '../../../components/ui/button';
import { DisclosureForm } from './disclosure-form';
import { getNextPath, ProposalLoader } from './proposal-loader';
import type { LoadedProposal } from './proposal-loader';
import { SectionHeader } from './section-page';
import { disclosurePath, getParties, getSectionInputs, nextProfileCode } from './sections';
import { useDisclosureContext } from './use-disclosure-context';
import { useSaveDisclosure } from './use-save-disclosure';

/** The product's limit of additional drivers (spec 2 §9: 4). */
const maxDrivers = (schemeCode: string): number =>
  getProductConfig(schemeCode).maxAdditionalDrivers;

const driverName = (data: Record<string, unknown>) =>
  [data.firstName, data.lastName].filter((part) => typeof part === 'string' && part).join(' ');

function DriversList({ loaded }: { loaded: LoadedProposal }): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const navigate = useNavigate();
  const { proposal, productUrlName, proposalCode } = loaded;
  const context = useDisclosureContext(proposal.schemeCode);
  const remove = useSaveDisclosure(proposalCode);
  const drivers = getParties(proposal).additionalProfiles;
  const remaining = maxDrivers(proposal.schemeCode) - drivers.length;
  const path = (profileCode?: string | null) =>
    disclosurePath({ productUrlName, proposalCode, sectionId: 'additional-drivers', profileCode });

  return (
    <div className="disclosure">
      <SectionHeader sectionId="additional-drivers" />
      <p>{t('drivers.remaining', { count: Math.max(remaining, 0) })}</p>
      {drivers.length === 0 ? <p className="text-muted">{t('drivers.none')}</p> : null}
      <ul className="driver-list">
        {drivers.map((driver) => (
          <li key={driver.profileCode} className="driver-list__item">
            <span className="driver-list__name">
              {driverName(driver.data) || t('drivers.unnamed')}
            </span>
            <span className="driver-list__actions">
              <Link to={path(driver.profileCode)}>
                {t('drivers.edit')}
                <span className="visually-hidden"> {driverName(driver.data)}</span>
              </Link>
              <Button
                layout="small"
                variant="inverted"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate({
                    changes: [{ changeType: 'REMOVE_PROFILE', profileCode: driver.profileCode }],
                    applyRating: true,
                  })
                }
              >
                {t('drivers.remove')}
                <span className="visually-hidden"> {driverName(driver.data)}</span>
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="dynamic-form__actions">
        {remaining > 0 ? (
          <Link className="button button--layout-fixed button--inverted" to={path(null)}>
            {t('drivers.add')}
          </Link>
        ) : null}
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
      </div>
    </div>
  );
}

function DriverForm({ loaded }: { loaded: LoadedProposal }): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const navigate = useNavigate();
  const { profileCode: routeCode } = useParams();
  const { proposal, productUrlName, proposalCode } = loaded;
  const drivers = getParties(proposal).additionalProfiles;
  const listPath = disclosurePath({
    productUrlName,
    proposalCode,
    sectionId: 'additional-drivers',
  });
  const isNew = routeCode === undefined;
  // Fixed when the page opens: saving adds the driver, which must not turn this into an edit.
  const profileCode = routeCode ?? nextProfileCode(proposal);
  const exists = drivers.some((driver) => driver.profileCode === profileCode);
  if (!isNew && !exists) return <Navigate to={listPath} replace />;
  if (isNew && drivers.length >= maxDrivers(proposal.schemeCode)) {
    return <Navigate to={listPath} replace />;
  }
  const { inputs } = getSectionInputs(proposal.schemeCode, 'additional-drivers');
  return (
    <div className="disclosure">
      <div className="page-header">
        <p className="disclosure__eyebrow">{t('sections.additional-drivers.title')}</p>
        <h1>{isNew ? t('drivers.addTitle') : t('drivers.editTitle')}</h1>
      </div>
      <DisclosureForm
        key={profileCode}
        proposal={proposal}
        target="additionalProfile"
        profileCode={profileCode}
        isNewProfile={isNew}
        inputs={inputs}
        idPrefix={`driver-${profileCode}`}
        submitLabel={t('drivers.save')}
        onSaved={() => navigate(listPath)}
        secondaryAction={
          <Link className="disclosure__back" to={listPath}>
            {t('drivers.cancel')}
          </Link>
        }
      />
    </div>
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
