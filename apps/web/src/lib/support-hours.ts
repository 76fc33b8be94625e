import type { StaffedPeriod } from '@motor/domain';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** '08:00' → '8am', '17:30' → '5:30pm' (UK style). */
export function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0
    ? `${hour12}${suffix}`
    : `${hour12}:${String(minutes).padStart(2, '0')}${suffix}`;
}

/** [1,2,3,4,5] → 'Monday to Friday'; [1,3] → 'Monday, Wednesday'; [6] → 'Saturday'. */
function describeDays(days: readonly number[], t: Translate): string {
  const sorted = [...days].sort((a, b) => a - b);
  const dayName = (day: number) => t(`help.days.${day}`);
  const first = sorted[0];
  const last = sorted.at(-1);
  const isRun = sorted.every((day, index) => index === 0 || day === sorted[index - 1]! + 1);
  if (first !== undefined && last !== undefined && sorted.length > 2 && isRun) {
    return t('help.dayRange', { from: dayName(first), to: dayName(last) });
  }
  return sorted.map(dayName).join(', ');
}

/** One line per period of the brand's staffed hours, e.g. 'Monday to Friday: 8am to 8pm'. */
export function describeStaffedHours(hours: readonly StaffedPeriod[], t: Translate): string[] {
  return hours.map((period) =>
    t('help.hoursLine', {
      days: describeDays(period.days, t),
      opens: formatClockTime(period.opens),
      closes: formatClockTime(period.closes),
    }),
  );
}
