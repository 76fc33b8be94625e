import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PolicyEditTarget } from '../../lib/policy/edit-links';

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
  target: PolicyEditTarget;
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
