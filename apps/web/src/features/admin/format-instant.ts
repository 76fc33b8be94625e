import { formatDate, formatLondonTime } from '../../lib/format';

/**
 * "4 May 2026 at 10:00": the date as the app writes dates, then the London time, where the hour
 * matters to staff (the server's clock, a target hours away).
 */
export function formatInstant(iso: string): string {
  return `${formatDate(iso)} at ${formatLondonTime(iso)}`;
}

/** "04/05/2026, 10:00:00": an instant in London time, as the staff queues and logs list them. */
export function formatLondonDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London' });
}
