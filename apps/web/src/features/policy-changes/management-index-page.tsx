import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Policy } from '../../lib/policy/get-policy';
import { ChangePageLayout } from './change-page-layout';
import { useChangeContext } from './use-change-context';

/** The links of the management index: the product's sections, then the start date if pending. */
function useManagementLinks(policy: Policy): { key: string; to: string }[] {
  const { product, paths, isAdmin } = useChangeContext(policy);
  const links = product.management.flatMap((section) => {
    switch (section.type) {
      case 'covers': {
        const optional = product.assetTypes[0]?.optionalCovers ?? [];
        return optional.length > 0 ? [{ key: 'covers', to: paths.addOns }] : [];
      }
      case 'excess':
        // Spec 3 §6: customers only when the product marks the excess adjustable.
        return isAdmin || product.excess.isAdjustable ? [{ key: 'excess', to: paths.excess }] : [];
      default:
        return [{ key: section.type, to: paths.section(section.type) }];
    }
  });
  if (policy.policyDetail.policyStatus === 'PENDING') {
    links.push({ key: 'startDate', to: paths.startDate });
  }
  return links;
}

/** management: what can be changed on this policy. */
export function ManagementIndexPage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { paths } = useChangeContext(policy);
  const links = useManagementLinks(policy);
  return (
    <ChangePageLayout
      title={t('management.title')}
      intro={t('management.intro')}
      back={{ to: paths.root, label: t('backToPolicy') }}
    >
      <ul className="policy-change__sections">
        {links.map((link) => (
          <li key={link.key} className="card">
            <Link to={link.to} className="policy-change__section-link">
              <span className="policy-change__section-title">
                {t(`management.sections.${link.key}.title`)}
              </span>
              <span className="text-muted">{t(`management.sections.${link.key}.intro`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </ChangePageLayout>
  );
}
