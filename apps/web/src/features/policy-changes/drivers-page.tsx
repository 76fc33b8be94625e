import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import type { ProductConfig } from '../../lib/brand-products';
import type { Policy } from '../../lib/policy/get-policy';
import { getParties } from '../../lib/policy/policy-facts';
import { ChangePageLayout } from './change-page-layout';
import { getRemainingProfiles } from './policy-change-rules';
import { useChangeContext } from './use-change-context';
import { useSubmitAdjustment } from './use-submit-adjustment';

type Section = ProductConfig['management'][number];

const nameOf = (data: Record<string, unknown>) =>
  [data.firstName, data.lastName].filter((part) => typeof part === 'string').join(' ');

/**
 * The additional drivers of a policy (spec 3 §5 "Additional profiles"): each can be changed or
 * removed (REMOVE_PROFILE); one can be added only while fewer than the section's maximum are on
 * the policy, and the header says how many more may be.
 */
export function DriversPage({
  policy,
  section,
}: {
  policy: Policy;
  section: Section;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { paths } = useChangeContext(policy);
  const { submit, isSubmitting, modals } = useSubmitAdjustment(policy);
  const { additionalProfiles } = getParties(policy);
  const remaining = getRemainingProfiles(
    policy.currentPolicyVersion.quote.insuredProfiles,
    section.maxAdditionalProfiles ?? 0,
  );
  const reviewPath = (adjustmentId: string) => paths.sectionReview(section.type, adjustmentId);

  return (
    <ChangePageLayout
      title={t('drivers.title')}
      intro={t('drivers.remaining', { count: remaining })}
      back={{ to: paths.management, label: t('backToManagement') }}
    >
      {additionalProfiles.length === 0 ? <p>{t('drivers.none')}</p> : null}
      <ul className="policy-change__drivers">
        {additionalProfiles.map((profile) => {
          const name = nameOf(profile.data) || profile.profileCode;
          return (
            <li key={profile.profileCode} className="card policy-change__driver">
              <span className="policy-change__driver-name">{name}</span>
              <Link to={paths.profile(section.type, profile.profileCode)}>
                {t('drivers.edit')}
                <span className="visually-hidden"> {name}</span>
              </Link>
              <Button
                variant="inverted"
                layout="small"
                disabled={isSubmitting}
                onClick={() =>
                  submit({
                    adjustmentType: 'MTA',
                    changes: [{ changeType: 'REMOVE_PROFILE', profileCode: profile.profileCode }],
                    reviewPath,
                  })
                }
              >
                {t('drivers.remove')}
                <span className="visually-hidden"> {name}</span>
              </Button>
            </li>
          );
        })}
      </ul>
      {remaining > 0 ? (
        <p>
          <Link
            className="button button--layout-default button--default"
            to={paths.profile(section.type)}
          >
            {t('drivers.add')}
          </Link>
        </p>
      ) : null}
      {modals}
    </ChangePageLayout>
  );
}
