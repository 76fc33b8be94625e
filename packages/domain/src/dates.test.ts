import { tz, TZDate } from '@date-fns/tz';
import { add, addMonths, differenceInCalendarDays, startOfDay } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIsoDuration,
  addLondonMonths,
  daysBetween,
  describePolicyTerm,
  formatDisplayDate,
  londonTimeString,
  fullDaysBetween,
  isSameLondonDay,
  isWithinLastYears,
  LONDON_TIME_ZONE,
  londonDateString,
  parseIsoDuration,
  startOfLondonDay,
  toInstant,
} from './dates';
import { isDomainError } from './errors';

const DAY_MS = 86_400_000;

describe('toInstant', () => {
  it.each([
    ['2026-03-12', '2026-03-12T00:00:00.000Z'], // GMT
    ['2026-06-01', '2026-05-31T23:00:00.000Z'], // BST: London midnight is 23:00Z
    ['2026-06-01T10:00:00+01:00', '2026-06-01T09:00:00.000Z'],
    ['2026-06-01T10:00:00Z', '2026-06-01T10:00:00.000Z'],
  ])('%s → %s', (input, iso) => {
    expect(toInstant(input).toISOString()).toBe(iso);
  });

  // Bounded by its runs, not by time (each also goes through date-fns).
  it('reads a day as London midnight, as date-fns does, on 2,000 days from 1900 to 2200', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2200-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          const day = at.toISOString().slice(0, 10);
          const [year, month, date] = day.split('-').map(Number) as [number, number, number];
          const midnight = new TZDate(year, month - 1, date, LONDON_TIME_ZONE);
          expect(toInstant(day).getTime(), day).toBe(midnight.getTime());
        },
      ),
      { numRuns: 2_000, seed: 20261129 },
    );
  });

  it.each(['2026-02-30', '2026-13-01', 'not a date', ''])(
    'rejects %j with INVALID_DATE',
    (input) => {
      expect(() => toInstant(input)).toThrow();
      try {
        toInstant(input);
      } catch (error) {
        expect(isDomainError(error, 'INVALID_DATE')).toBe(true);
      }
    },
  );
});

describe('startOfLondonDay', () => {
  it.each([
    ['2026-01-15T15:00:00Z', '2026-01-15T00:00:00.000Z'],
    ['2026-06-01T23:30:00Z', '2026-06-01T23:00:00.000Z'], // 00:30 BST on 2 June
    ['2026-06-01T22:59:59Z', '2026-05-31T23:00:00.000Z'], // 23:59:59 BST on 1 June
    ['2026-03-29T12:00:00Z', '2026-03-29T00:00:00.000Z'], // spring-forward day starts in GMT
    ['2026-10-25T12:00:00Z', '2026-10-24T23:00:00.000Z'], // fall-back day starts in BST
  ])('%s → %s', (instant, start) => {
    expect(startOfLondonDay(instant).toISOString()).toBe(start);
  });
});

describe('londonDateString', () => {
  it.each([
    ['2026-06-01T23:30:00Z', '2026-06-02'], // after London midnight in BST
    ['2026-06-01T22:59:59Z', '2026-06-01'],
    ['2026-12-31T23:30:00Z', '2026-12-31'], // GMT: UTC and London agree
    ['2026-03-29T00:59:59Z', '2026-03-29'], // just before clocks go forward
    ['2026-03-29T01:00:00Z', '2026-03-29'], // 02:00 BST
    ['2026-10-25T00:30:00Z', '2026-10-25'], // 01:30 BST, first of the repeated hour
    ['2026-10-25T23:30:00Z', '2026-10-25'], // 23:30 GMT
    ['2026-10-24T23:00:00Z', '2026-10-25'], // 00:00 BST
    ['2026-10-24T22:59:59Z', '2026-10-24'],
  ])('%s → %s', (instant, date) => {
    expect(londonDateString(instant)).toBe(date);
  });
});

describe('daysBetween (London calendar days)', () => {
  it.each([
    ['2026-03-12T00:00:00Z', '2026-03-12T23:59:59Z', 0],
    ['2026-03-12T23:59:59Z', '2026-03-13T00:00:00Z', 1],
    ['2026-03-28T12:00:00Z', '2026-03-30T12:00:00Z', 2], // across the 23-hour day
    ['2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z', 2], // across the 25-hour day
    ['2026-06-01T22:30:00Z', '2026-06-01T23:30:00Z', 1], // one hour, but past London midnight
    ['2026-03-13T00:00:00Z', '2026-03-12T00:00:00Z', -1],
    ['2026-03-01', '2027-03-01', 365],
  ])('%s → %s = %d', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('fullDaysBetween (elapsed whole days on the London clock)', () => {
  it.each([
    ['2026-03-01T10:00:00Z', '2026-03-15T09:59:59Z', 13],
    ['2026-03-01T10:00:00Z', '2026-03-15T10:00:00Z', 14],
    // 10:00 GMT on 20 March to 10:00 BST on 3 April is 14 London days but 335 hours.
    ['2026-03-20T10:00:00Z', '2026-04-03T08:59:59Z', 13],
    ['2026-03-20T10:00:00Z', '2026-04-03T09:00:00Z', 14],
    // 10:00 BST on 20 October to 10:00 GMT on 3 November: 14 days, 337 hours.
    ['2026-10-20T09:00:00Z', '2026-11-03T09:59:59Z', 13],
    ['2026-10-20T09:00:00Z', '2026-11-03T10:00:00Z', 14],
  ])('%s → %s = %d', (from, to, days) => {
    expect(fullDaysBetween(from, to)).toBe(days);
  });
});

describe('isSameLondonDay', () => {
  it.each([
    ['2026-06-01T22:30:00Z', '2026-06-01T23:30:00Z', false],
    ['2026-06-01T23:30:00Z', '2026-06-02T12:00:00Z', true],
    ['2026-01-01T00:00:00Z', '2026-01-01T23:59:59Z', true],
  ])('%s and %s: %s', (a, b, same) => {
    expect(isSameLondonDay(a, b)).toBe(same);
  });
});

describe('formatDisplayDate', () => {
  it.each([
    ['2026-03-12T00:30:00Z', '12 Mar 2026'],
    ['2026-06-01T23:30:00Z', '02 Jun 2026'], // London date, not UTC
    ['2026-01-05', '05 Jan 2026'],
    ['2026-12-31T23:59:59Z', '31 Dec 2026'],
  ])('%s → %s', (instant, text) => {
    expect(formatDisplayDate(instant)).toBe(text);
  });
});

describe('londonTimeString', () => {
  it.each([
    ['2026-03-02T09:00:00Z', '09:00'], // GMT
    ['2026-06-01T23:30:00Z', '00:30'], // BST: the next London day
    ['2026-10-25T00:59:00Z', '01:59'], // the last BST minute
    ['2026-10-25T01:00:00Z', '01:00'], // GMT again
  ])('%s → %s', (instant, text) => {
    expect(londonTimeString(instant)).toBe(text);
  });
});

describe('describePolicyTerm', () => {
  it('words the term one way wherever it is shown (issue 31 item 10)', () => {
    const term = (policyTerm: string, productKind: string) =>
      describePolicyTerm({ policyTerm, productKind });
    expect(term('P12M', 'SUBSCRIPTION')).toBe('12 months, renews automatically');
    expect(term('P5D', 'DRIVEAWAY')).toBe('5 days, does not renew');
    expect(term('P1Y', 'SUBSCRIPTION')).toBe('1 year, renews automatically');
  });
});

describe('parseIsoDuration', () => {
  it.each([
    ['P5D', { days: 5 }],
    ['P12M', { months: 12 }],
    ['P1Y', { years: 1 }],
    ['P2W', { weeks: 2 }],
    ['P1Y2M3DT4H5M6S', { years: 1, months: 2, days: 3, hours: 4, minutes: 5, seconds: 6 }],
    ['PT30M', { minutes: 30 }],
  ])('%s → %o', (text, duration) => {
    expect(parseIsoDuration(text)).toEqual(duration);
  });

  it.each(['', 'P', 'PT', '5D', 'P1.5D', 'P-1D', 'p5d', 'P5DT'])('rejects %j', (text) => {
    expect(() => parseIsoDuration(text)).toThrow();
    try {
      parseIsoDuration(text);
    } catch (error) {
      expect(isDomainError(error, 'INVALID_DURATION')).toBe(true);
    }
  });
});

describe('addIsoDuration', () => {
  it.each([
    // Driveaway P5D from London midnight stays on London midnight across the BST change.
    ['2026-03-28', 'P5D', '2026-04-01T23:00:00.000Z'],
    ['2026-06-10T14:30:00Z', 'P5D', '2026-06-15T14:30:00.000Z'],
    // Flex/annual P12M: London midnight 1 March → London midnight 1 March next year.
    ['2026-03-01', 'P12M', '2027-03-01T00:00:00.000Z'],
    // A BST start stays on the same London wall-clock time a year later.
    ['2026-05-31T23:00:00Z', 'P12M', '2027-05-31T23:00:00.000Z'],
    ['2026-10-24T23:00:00Z', 'P1D', '2026-10-26T00:00:00.000Z'], // 25-hour day
    ['2028-02-29', 'P12M', '2029-02-28T00:00:00.000Z'], // leap day clamps to month end
    // Days and weeks take a fast path; these rows cross or land in the 2026 clock changes.
    ['2026-03-02T09:00:00Z', 'P30D', '2026-04-01T08:00:00.000Z'], // a quote's validity
    ['2026-10-01T12:00:00Z', 'P30D', '2026-10-31T13:00:00.000Z'],
    ['2026-02-27T10:00:00Z', 'P4W2D', '2026-03-29T09:00:00.000Z'],
    ['2026-03-29T00:59:00Z', 'P1W', '2026-04-04T23:59:00.000Z'],
    ['2026-03-28T01:30:00Z', 'P1D', '2026-03-29T01:30:00.000Z'], // 01:30 is skipped: 02:30 BST
    ['2026-10-24T00:30:00Z', 'P1D', '2026-10-25T01:30:00.000Z'], // 01:30 repeats: the GMT one
    ['2026-10-25T00:30:00Z', 'P1D', '2026-10-26T01:30:00.000Z'],
    ['2026-06-10T14:30:00Z', 'P0D', '2026-06-10T14:30:00.000Z'],
    ['1971-06-10T14:30:00Z', 'P5D', '1971-06-15T14:30:00.000Z'], // British Standard Time
    ['1971-10-01T12:00:00Z', 'P100D', '1972-01-09T13:00:00.000Z'], // 13:00 then, 13:00 GMT
  ])('%s + %s = %s', (start, duration, end) => {
    expect(addIsoDuration(start, duration).toISOString()).toBe(end);
  });

  // 32,640 additions, each checked against date-fns: bounded by their count, not by time. 2.4 s on
  // a quiet 2-core machine and over vitest's 5 s default on a loaded one, so it may take 60 s.
  it(
    'adds days as date-fns does on the London calendar, every 15 minutes across the 2026 changes',
    {
      timeout: 60_000,
    },
    () => {
      const inLondon = tz(LONDON_TIME_ZONE);
      for (const changeDay of [Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25)]) {
        // Starts from 32 days before the change to 2 days after: results land on either side.
        for (let at = changeDay - 32 * DAY_MS; at < changeDay + 2 * DAY_MS; at += 15 * 60_000) {
          for (const days of [1, 2, 7, 30, 31]) {
            const expected = add(new Date(at), { days }, { in: inLondon }).getTime();
            expect(addIsoDuration(new Date(at), `P${days}D`).getTime()).toBe(expected);
          }
        }
      }
    },
  );
});

describe('addLondonMonths', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28T00:00:00.000Z'], // clamped to the month's last day
    ['2028-01-31', 1, '2028-02-29T00:00:00.000Z'], // a leap year's
    ['2026-01-31', 2, '2026-03-30T23:00:00.000Z'], // from the start, not clamped twice; BST
    ['2026-03-12T14:30:00Z', 1, '2026-04-12T13:30:00.000Z'], // 14:30 GMT, then 14:30 BST
    ['2026-10-12T13:30:00Z', 1, '2026-11-12T14:30:00.000Z'],
    ['2026-02-28T01:30:00Z', 1, '2026-03-28T01:30:00.000Z'],
    ['2026-02-29', 0, null],
    ['2026-11-15T10:00:00Z', 14, '2028-01-15T10:00:00.000Z'], // across two new years
  ])('%s + %i months = %s', (start, months, end) => {
    if (end === null) {
      expect(() => addLondonMonths(start, months)).toThrow('Invalid date');
      return;
    }
    expect(addLondonMonths(start, months).toISOString()).toBe(end);
  });

  // Bounded by its runs: each instant (any minute from 1970 to 2100, or one near a 2026 change of
  // clocks, where the wall-clock time may be skipped or repeated) checked against date-fns.
  it('adds months as date-fns does on the London calendar', () => {
    const inLondon = tz(LONDON_TIME_ZONE);
    const nearChange = fc
      .tuple(
        fc.constantFrom(Date.UTC(2026, 1, 28), Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25)),
        fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
      )
      .map(([day, minutes]) => day + minutes * 60_000);
    const anyMinute = fc
      .integer({ min: 0, max: (Date.UTC(2100, 0, 1) / 60_000) | 0 })
      .map((minutes) => minutes * 60_000);
    fc.assert(
      fc.property(fc.oneof(anyMinute, nearChange), fc.integer({ min: 0, max: 40 }), (at, n) => {
        const expected = addMonths(new Date(at), n, { in: inLondon }).getTime();
        expect(addLondonMonths(new Date(at), n).getTime()).toBe(expected);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('isWithinLastYears', () => {
  const now = new Date('2026-03-12T10:00:00Z');
  it.each([
    ['2026-03-12', true], // today
    ['2026-03-13', false], // tomorrow: in the future
    ['2021-03-12', true], // exactly 5 years ago
    ['2021-03-11', false], // a day more than 5 years
    ['2023-07-01', true],
    ['2026-03-12T23:30:00Z', true], // still 12 March in London (GMT)
  ])('%s within the last 5 years of 12 Mar 2026: %s', (date, within) => {
    expect(isWithinLastYears({ date, years: 5, now })).toBe(within);
  });

  it('uses the London date of now across BST', () => {
    // 23:30Z on 1 June 2026 is already 2 June in London.
    const lateNow = new Date('2026-06-01T23:30:00Z');
    expect(isWithinLastYears({ date: '2026-06-02', years: 5, now: lateNow })).toBe(true);
    expect(isWithinLastYears({ date: '2021-06-01', years: 5, now: lateNow })).toBe(false);
    expect(isWithinLastYears({ date: '2021-06-02', years: 5, now: lateNow })).toBe(true);
  });
});

describe('the London day from the offset agrees with date-fns (its fallback)', () => {
  const inLondon = tz(LONDON_TIME_ZONE);
  // Around each change of clocks (01:00 UTC, last Sundays of March and October) and at random.
  const edges = [
    '2026-03-29T00:59:59.999Z',
    '2026-03-29T01:00:00.000Z',
    '2026-03-28T23:30:00.000Z',
    '2026-10-25T00:59:59.999Z',
    '2026-10-25T01:00:00.000Z',
    '2026-10-24T23:00:00.000Z',
    '2026-10-24T22:59:59.999Z',
    '1972-01-01T00:00:00.000Z',
    '2099-12-31T23:59:59.999Z',
  ].map((iso) => new Date(iso));

  // Bounded by its 2,000 runs, each also run through date-fns: well under a second here, but a
  // property test's time is not its bound, so it may take 60 s on a machine with every core busy.
  it(
    'startOfLondonDay and daysBetween, at the changes of clocks and at 2,000 random instants',
    {
      timeout: 60_000,
    },
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.constantFrom(...edges),
            fc.date({
              min: new Date('1972-01-01T00:00:00Z'),
              max: new Date('2100-01-01T00:00:00Z'),
              noInvalidDate: true,
            }),
          ),
          fc.date({
            min: new Date('1990-01-01T00:00:00Z'),
            max: new Date('2060-01-01T00:00:00Z'),
            noInvalidDate: true,
          }),
          (instant, other) => {
            expect(startOfLondonDay(instant).getTime()).toBe(
              startOfDay(instant, { in: inLondon }).getTime(),
            );
            expect(daysBetween(other, instant)).toBe(
              differenceInCalendarDays(instant, other, { in: inLondon }),
            );
          },
        ),
        { numRuns: 2_000, seed: 20261126 },
      );
    },
  );
});
