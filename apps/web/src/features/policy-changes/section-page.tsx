import type { ReactElement } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Policy } from '../../lib/policy/get-policy';
import { ChangeDisclosureForm } from './change-disclosure-form';
import { ChangePageLayout } from './change-page-layout';
import { DriversPage } from './drivers-page';
import { PromotionPage } from './promotion-page';
import { SECTION_TARGETS } from './policy-change-rules';
import { useChangeContext } from './use-change-context';

/**
 * management/section/{sectionId}: the section's disclosure form; additional drivers list their
 * drivers instead, a promotion its code; covers and excess have their own pages (spec 3 §2
 * "Excess and add-ons").
 */
export function SectionPage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { sectionId = '' } = useParams();
  const { product, paths } = useChangeContext(policy);
  const section = product.management.find((candidate) => candidate.type === sectionId);
  if (!section) return <Navigate to={paths.management} replace />;
  if (section.type === 'covers') return <Navigate to={paths.addOns} replace />;
  if (section.type === 'excess') return <Navigate to={paths.excess} replace />;
  if (section.type === 'additionalDrivers')
    return <DriversPage policy={policy} section={section} />;
  if (section.type === 'promotion') return <PromotionPage policy={policy} />;
  const target = SECTION_TARGETS[section.type] ?? 'asset';
  const inputs = target === 'profile' ? product.disclosures.profile : product.disclosures.asset;
  return (
    <ChangePageLayout
      title={t(`management.sections.${section.type}.title`)}
      intro={t(`management.sections.${section.type}.intro`)}
      back={{ to: paths.management, label: t('backToManagement') }}
    >
      <ChangeDisclosureForm
        policy={policy}
        target={target}
        inputs={inputs}
        idPrefix={`change-${section.type}`}
        reviewPath={(adjustmentId) => paths.sectionReview(section.type, adjustmentId)}
      />
    </ChangePageLayout>
  );
}
