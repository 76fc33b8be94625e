import { useTranslation } from 'react-i18next';
import { usePageClockOffset } from '../lib/page-clock';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * One line over every page while staff have moved the server's clock (never in production, where
 * the offset is 0): dates on the pages are then the service's, not today's.
 */
export function DemoClockBanner() {
  const { t } = useTranslation();
  const offsetMs = usePageClockOffset();
  if (offsetMs <= 0) return null;
  const days = Math.floor(offsetMs / DAY_MS);
  return (
    <p className="demo-clock-banner" role="status">
      {days > 0
        ? t('shell.demoClockDays', { count: days })
        : t('shell.demoClockHours', { count: Math.max(1, Math.round(offsetMs / HOUR_MS)) })}
    </p>
  );
}
