import { formatDate } from '../../lib/format';

const londonClock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/**
 * "4 May 2026 at 10:00": the date as the app writes dates, then the London time, where the hour
 * matters to staff (the server's clock, a target hours away).
 */
export function formatInstant(iso: string): string {
  return `${formatDate(iso)} at ${londonClock.format(new Date(iso))}`;
}
