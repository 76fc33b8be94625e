import { describe, expect, it } from 'vitest';
import {
  addCalendarDuration,
  earliestDateUnderYears,
  formatPickerDay,
  getDatePickerDays,
  isCalendarDate,
  parseCalendarOffset,
  toYearMonth,
  wholeYearsBetween,
} from './calendar-dates';

describe('calendar dates', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
  ])('isCalendarDate(%s) = %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it.each([
    ['2026-03-10', '-P125Y', '1901-03-10'],
    ['2024-02-29', 'P1Y', '2025-02-28'],
    ['2026-01-31', 'P1M', '2026-02-28'],
    ['2026-03-10', 'P30D', '2026-04-09'],
    ['2026-03-10', '-P1W', '2026-03-03'],
    ['1990-01-01', 'P16Y', '2006-01-01'],
  ])('%s + %s = %s', (date, duration, expected) => {
    expect(addCalendarDuration(date, duration)).toBe(expected);
  });

  it('reads signed offsets and rejects others', () => {
    expect(parseCalendarOffset('-P5Y')).toEqual({ years: -5, months: 0, days: 0 });
    expect(() => parseCalendarOffset('5Y')).toThrow(/Invalid ISO 8601 duration/);
  });

  it('counts whole years and reads year-months', () => {
    expect(wholeYearsBetween('2006-03-11', '2026-03-10')).toBe(19);
    expect(wholeYearsBetween('2006-03-10', '2026-03-10')).toBe(20);
    expect(toYearMonth('2026-04-20')).toBe('2026-04');
    expect(toYearMonth('2026-00')).toBeUndefined();
  });
});

describe('getDatePickerDays', () => {
  it('offers 30 consecutive days from today, across a month and a year end', () => {
    const days = getDatePickerDays('2026-12-15');
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-12-15');
    expect(days[16]).toBe('2026-12-31');
    expect(days[17]).toBe('2027-01-01');
    expect(days.at(-1)).toBe('2027-01-13');
  });

  it('starts daysInFuture days after today', () => {
    const days = getDatePickerDays('2026-02-27', 2);
    expect(days[0]).toBe('2026-03-01');
    expect(days.at(-1)).toBe('2026-03-30');
  });
});

describe('formatPickerDay', () => {
  it('names the calendar day as the customer reads it, whatever the zone, on the clocks days', () => {
    expect(formatPickerDay('2026-11-28')).toBe('Saturday 28 November 2026');
    expect(formatPickerDay('2027-03-28')).toBe('Sunday 28 March 2027');
    expect(formatPickerDay('2027-10-31')).toBe('Sunday 31 October 2027');
  });
});

describe('earliestDateUnderYears', () => {
  it('is the day after the same date that many years before', () => {
    expect(earliestDateUnderYears('2026-11-27', 2)).toBe('2024-11-28');
    expect(earliestDateUnderYears('2026-12-31', 2)).toBe('2025-01-01');
    // 29 February steps back to 28 February in a common year.
    expect(earliestDateUnderYears('2028-02-29', 2)).toBe('2026-03-01');
  });
});
