import type { ReactElement, ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProposalResponse as Proposal } from '@motor/contract';
import { getProductConfig } from '../../lib/brand-products';
import { Button } from '../ui/button';
import { DisclosureForm } from './disclosure-form';
import { disclosurePath, getParties, getSectionInputs, nextProfileCode } from './sections';
import { useSaveDisclosure } from './use-save-disclosure';

// The additional drivers of a proposal's disclosure, under the quote's page or the renewal's
// (spec 2 §2: `disclosure/additional-drivers`, `.../profile/{profileCode}` edits a driver and
// `.../profile` adds one, p1 first), up to the product's limit (spec 2 §9: 4).

/** The product's limit of additional drivers. */
export const maxAdditionalDrivers = (schemeCode: string): number =>
  getProductConfig(schemeCode).maxAdditionalDrivers;

const driverName = (data: Record<string, unknown>) =>
  [data.firstName, data.lastName].filter((part) => typeof part === 'string' && part).join(' ');

/** The named drivers with edit, remove and (below the limit) add; `actions` ends the page. */
export function AdditionalDriversList({
  proposal,
  base,
  actions,
}: {
  proposal: Proposal;
  /** The proposal's or the renewal's page. */
  base: string;
  actions: ReactNode;
}): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const remove = useSaveDisclosure(proposal.proposalCode);
  const drivers = getParties(proposal).additionalProfiles;
  const remaining = maxAdditionalDrivers(proposal.schemeCode) - drivers.length;
  const path = (profileCode?: string | null) =>
    disclosurePath({ base, sectionId: 'additional-drivers', profileCode });

  return (
    <div className="disclosure">
      <div className="page-header">
        <p className="disclosure__eyebrow">{t('eyebrow')}</p>
        <h1>{t('sections.additional-drivers.title')}</h1>
        <p className="lead">{t('sections.additional-drivers.intro')}</p>
      </div>
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
        {actions}
      </div>
    </div>
  );
}

/**
 * One driver's questions: `profileCode` edits that driver, none adds the next free code. An
 * unknown driver, or an addition at the limit, goes to `returnPath` instead.
 */
export function AdditionalDriverForm({
  proposal,
  profileCode: routeCode,
  returnPath,
  isRenewal = false,
  onSaved,
}: {
  proposal: Proposal;
  profileCode: string | undefined;
  /** Where cancel leads, and where a driver that cannot be edited or added sends the customer. */
  returnPath: string;
  isRenewal?: boolean;
  onSaved: (proposal: Proposal) => void;
}): ReactElement {
  const { t } = useTranslation('quote-disclosure');
  const drivers = getParties(proposal).additionalProfiles;
  const isNew = routeCode === undefined;
  // Fixed when the page opens: saving adds the driver, which must not turn this into an edit.
  const profileCode = routeCode ?? nextProfileCode(proposal);
  const exists = drivers.some((driver) => driver.profileCode === profileCode);
  if (!isNew && !exists) return <Navigate to={returnPath} replace />;
  if (isNew && drivers.length >= maxAdditionalDrivers(proposal.schemeCode)) {
    return <Navigate to={returnPath} replace />;
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
        isRenewal={isRenewal}
        inputs={inputs}
        idPrefix={`driver-${profileCode}`}
        submitLabel={t('drivers.save')}
        onSaved={onSaved}
        secondaryAction={
          <Link className="disclosure__back" to={returnPath}>
            {t('drivers.cancel')}
          </Link>
        }
      />
    </div>
  );
}
