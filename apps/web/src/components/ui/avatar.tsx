import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export type AvatarProps = { firstName?: string | null; lastName?: string | null };

/** Two capital initials, or '?' when either name is missing or blank. */
export function getInitials(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim().charAt(0) ?? '';
  const last = lastName?.trim().charAt(0) ?? '';
  if (first === '' || last === '') return '?';
  return `${first}${last}`.toLocaleUpperCase('en-GB');
}

/** Account avatar (spec 1 §1). */
export function Avatar({ firstName, lastName }: AvatarProps): ReactElement {
  const { t } = useTranslation('ui');
  const initials = getInitials(firstName, lastName);
  const fullName = [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ');
  return (
    <span className="avatar" role="img" aria-label={fullName || t('avatar.unknown')}>
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}
