import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Policy } from '../api/get-policy';
import { getChangeBlock } from './policy-change-rules';
import { useChangeContext } from './use-change-context';

export type EditTarget = 'car' | 'drivers' | 'excess' | 'addOns' | 'startDate' | 'policy';

/**
 * Where the details tab's edit links go (spec 3 §2 "policy summary (with edit)"), or nothing when
 * the policy cannot be changed by this user or the product has no such section.
 */
export function usePolicyEditLinks(policy: Policy): Partial<Record<EditTarget, string>> {
  const { product, paths, isAdmin } = useChangeContext(policy);
  if (getChangeBlock(policy, isAdmin)) return {};
  const has = (type: string) => product.management.some((section) => section.type === type);
  const hasOptionalCovers = (product.assetTypes[0]?.optionalCovers ?? []).length > 0;
  return {
    // Every section (about you, the car, drivers, the start date) from one index.
    policy: paths.management,
    ...(has('vehicle') ? { car: paths.section('vehicle') } : {}),
    ...(has('additionalDrivers') ? { drivers: paths.section('additionalDrivers') } : {}),
    ...(has('excess') && (isAdmin || product.excess.isAdjustable) ? { excess: paths.excess } : {}),
    ...(has('covers') && hasOptionalCovers ? { addOns: paths.addOns } : {}),
    // The start date moves only before cover begins (SDA).
    ...(policy.policyDetail.policyStatus === 'PENDING' ? { startDate: paths.startDate } : {}),
  };
}

/**
 * "Change" with what it changes for screen readers, e.g. "Change your car", beside the value it
 * changes; `standalone` says it all on screen ("Change your policy details") for a link that
 * stands under a heading, where a bare "Change" would not say what it changes.
 */
export function EditLink({
  to,
  target,
  standalone = false,
}: {
  to: string | undefined;
  target: EditTarget;
  standalone?: boolean;
}): ReactElement | null {
  const { t } = useTranslation('policy-changes');
  if (!to) return null;
  return (
    <Link
      to={to}
      className={standalone ? 'policy-change__standalone-link' : 'policy-change__edit-link'}
    >
      {t('edit.change')}
      <span className={standalone ? undefined : 'visually-hidden'}> {t(`edit.${target}`)}</span>
    </Link>
  );
}
