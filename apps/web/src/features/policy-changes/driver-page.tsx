import type { ReactElement } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Policy } from '../../lib/policy/get-policy';
import { ChangeDisclosureForm } from './change-disclosure-form';
import { ChangePageLayout } from './change-page-layout';
import { findProfile, getRemainingProfiles, nextProfileCode } from './policy-change-rules';
import { useChangeContext } from './use-change-context';

/**
 * management/section/{sectionId}/profile[/{profileCode}]: change a driver, or add one under the
 * next free code (p1, p2, ...) while the section has room.
 */
export function DriverPage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { sectionId = '', profileCode: editedCode } = useParams();
  const { product, paths } = useChangeContext(policy);
  const section = product.management.find((candidate) => candidate.type === sectionId);
  const profiles = policy.currentPolicyVersion.quote.insuredProfiles;
  const sectionPath = paths.section(sectionId);
  if (section?.type !== 'additionalDrivers') return <Navigate to={paths.management} replace />;
  const isNew = editedCode === undefined;
  if (isNew && getRemainingProfiles(profiles, section.maxAdditionalProfiles ?? 0) === 0) {
    return <Navigate to={sectionPath} replace />;
  }
  const existing = isNew ? undefined : findProfile(policy, editedCode);
  if (!isNew && (!existing || existing.policyholder)) return <Navigate to={sectionPath} replace />;
  const profileCode = editedCode ?? nextProfileCode(profiles);
  // Someone not yet on the policy has no stored name or date of birth to protect, so the
  // policy's read-only rules (spec 3 §6) do not apply to a new driver's answers.
  const inputs = isNew
    ? product.disclosures.additionalProfile.map((input) => ({ ...input, readOnly: false }))
    : product.disclosures.additionalProfile;
  return (
    <ChangePageLayout
      title={t(isNew ? 'drivers.addTitle' : 'drivers.editTitle')}
      back={{ to: sectionPath, label: t('drivers.back') }}
    >
      <ChangeDisclosureForm
        key={profileCode}
        policy={policy}
        target="additionalProfile"
        inputs={inputs}
        profileCode={profileCode}
        idPrefix={`change-driver-${profileCode}`}
        reviewPath={(adjustmentId) => paths.sectionReview(sectionId, adjustmentId)}
        secondaryAction={<Link to={sectionPath}>{t('cancel')}</Link>}
      />
    </ChangePageLayout>
  );
}
