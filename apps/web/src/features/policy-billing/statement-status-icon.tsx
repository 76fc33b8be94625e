import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { getStatementStatusIcon, type StatementStatus } from '@motor/domain';

// Spec 3 §4 "Statement status icon": pending a clock, failed a warning, settled a tick, a draft
// (the next-bill estimate) nothing. The icon carries the status as its accessible name.

const PATHS = {
  clock:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm-1 3v6l5 3 1-1.7-4-2.3V7h-2Z',
  warning: 'M12 2 1 21h22L12 2Zm0 4.5L19.5 19h-15L12 6.5ZM11 10v5h2v-5h-2Zm0 6v2h2v-2h-2Z',
  tick: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.5 14.5-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z',
} as const;

export function StatementStatusIcon({
  status,
  decorative = false,
}: {
  status: StatementStatus;
  /** Beside text that already says it (a pending line, money being collected): hidden from AT. */
  decorative?: boolean;
}): ReactElement | null {
  const { t } = useTranslation('billing');
  const icon = getStatementStatusIcon(status);
  if (!icon) return null;
  const name = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': t(`status.${status}`) };
  return (
    <svg
      className={`statement-status-icon statement-status-icon--${icon}`}
      data-icon={icon}
      {...name}
      viewBox="0 0 24 24"
      width="20"
      height="20"
    >
      <path d={PATHS[icon]} fill="currentColor" />
    </svg>
  );
}
