import type { ReactElement } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AdditionalDriverForm,
  AdditionalDriversList,
} from '../../components/disclosure/additional-drivers';
import type { ProductConfig } from '../../lib/brand-products';
import type { RenewalProposal } from './api/renewal-api';
import { isRenewalChangeable, listEditableRenewalSections } from './renewal-rules';

// disclosure/{sectionId}/* of a renewal (spec 2 §2 "Renewal"): the renewal configuration's
// sections that can be edited, on the quote's disclosure pages under the renewal's path. Inside
// additional drivers, profile/{profileCode} edits a driver and profile adds one (p1 first, only
// below the product's limit). A save PATCHes the renewal, which the server re-rates through the
// new-business cap, and returns to the renewal page with the new price.

type Props = { proposal: RenewalProposal; product: ProductConfig; base: string };

/** The section of the route if the renewal lets it be edited; null sends the customer back. */
function useEditableSection({ proposal, product }: Omit<Props, 'base'>) {
  const { sectionId } = useParams();
  const editable = listEditableRenewalSections(product);
  if (!isRenewalChangeable(proposal)) return null;
  return editable.find((id) => id === sectionId) ?? null;
}

/** disclosure/{sectionId}: the additional drivers with change, remove and add. */
export function RenewalSectionPage({ proposal, product, base }: Props): ReactElement {
  const { t } = useTranslation('renewal');
  const sectionId = useEditableSection({ proposal, product });
  if (sectionId === null) return <Navigate to={base} replace />;
  return (
    <AdditionalDriversList
      proposal={proposal}
      base={base}
      actions={
        <Link className="button button--layout-fixed" to={base}>
          {t('disclosure.back')}
        </Link>
      }
    />
  );
}

/** disclosure/{sectionId}/profile[/{profileCode}]: adds or edits an additional driver. */
export function RenewalDriverPage({ proposal, product, base }: Props): ReactElement {
  const navigate = useNavigate();
  const { profileCode } = useParams();
  const sectionId = useEditableSection({ proposal, product });
  if (sectionId === null) return <Navigate to={base} replace />;
  return (
    <AdditionalDriverForm
      proposal={proposal}
      profileCode={profileCode}
      returnPath={base}
      isRenewal
      onSaved={() => navigate(base)}
    />
  );
}
