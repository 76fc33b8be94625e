import { formatDate, formatLondonTime } from '../../lib/format';

/**
 * "4 May 2026 at 10:00": the date as the app writes dates, then the London time, where the hour
 * matters to staff (the server's clock, a target hours away).
 */
export function formatInstant(iso: string): string {
  return `${formatDate(iso)} at ${formatLondonTime(iso)}`;
}
