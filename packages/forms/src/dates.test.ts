import { describe, expect, it } from 'vitest';
import {
  composeDateParts,
  composeDateTime,
  composeYearMonth,
  getDayOptions,
  getMonthLimit,
  getMonthNames,
  getMonthOptions,
  getMonthPickerYears,
  getYearOptions,
  parseTime,
  sanitiseDigits,
  sanitiseYear,
  splitDateParts,
  splitDateTime,
} from './dates';

describe('sanitiseDigits', () => {
  it.each([
    ['12', undefined, '12'],
    ['1a2b', undefined, '12'],
    ['123', 2, '12'],
    ['ab', 2, ''],
    [' 0 7 ', 2, '07'],
  ])('%j (max %j) -> %j', (input, max, expected) => {
    expect(sanitiseDigits(input, max)).toBe(expected);
  });
});

describe('sanitiseYear', () => {
  it.each([
    ['1', '1'],
    ['2', '2'],
    ['3', ''],
    ['0', ''],
    ['19a85', '1985'],
    ['198512', '1985'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(sanitiseYear(input)).toBe(expected);
  });
});

describe('composeDateParts', () => {
  it.each([
    [{ day: '1', month: '2', year: '1985' }, '1985-02-01'],
    [{ day: '31', month: '12', year: '2024' }, '2024-12-31'],
    [{ day: '01', month: '09', year: '2001' }, '2001-09-01'],
    [{ day: '', month: '2', year: '1985' }, ''],
    [{ day: '1', month: '', year: '1985' }, ''],
    [{ day: '1', month: '2', year: '' }, ''],
    [{ day: '1', month: '2', year: '198' }, ''],
    [{ day: '1', month: '2', year: '3985' }, ''],
  ])('%j -> %j', (parts, expected) => {
    expect(composeDateParts(parts)).toBe(expected);
  });
});

describe('splitDateParts', () => {
  it.each([
    ['1985-02-01', { year: '1985', month: '02', day: '01' }],
    ['2024-12-31T10:00:00Z', { year: '2024', month: '12', day: '31' }],
    ['', { year: '', month: '', day: '' }],
    [undefined, { year: '', month: '', day: '' }],
  ])('%j -> %j', (input, expected) => {
    expect(splitDateParts(input)).toEqual(expected);
  });
});

describe('composeDateTime', () => {
  it.each([
    [{ year: '2024', month: '3', day: '5' }, '2024-03-05T00:00'],
    [{ year: '2024', month: '3', day: '5', hour: '', minute: '' }, '2024-03-05T00:00'],
    [{ year: '2024', month: '12', day: '25', hour: '9', minute: '5' }, '2024-12-25T09:05'],
    [{ year: '2024', month: '12', day: '25', hour: '23', minute: '59' }, '2024-12-25T23:59'],
    [{ year: '', month: '3', day: '5' }, ''],
    [{ year: '2024', month: '', day: '5' }, ''],
    [{ year: '2024', month: '3', day: '', hour: '10', minute: '00' }, ''],
  ])('%j -> %j', (parts, expected) => {
    expect(composeDateTime(parts)).toBe(expected);
  });
});

describe('splitDateTime', () => {
  it.each([
    ['2024-03-05T09:30', { year: '2024', month: '03', day: '05', hour: '09', minute: '30' }],
    ['2024-03-05', { year: '2024', month: '03', day: '05', hour: '', minute: '' }],
    ['', { year: '', month: '', day: '', hour: '', minute: '' }],
  ])('%j -> %j', (input, expected) => {
    expect(splitDateTime(input)).toEqual(expected);
  });
});

describe('parseTime', () => {
  it.each([
    ['', { hour: '00', minute: '00' }],
    ['09:30', { hour: '09', minute: '30' }],
    ['23:59', { hour: '23', minute: '59' }],
    ['24:00', undefined],
    ['9:30', undefined],
    ['12:60', undefined],
  ])('%j -> %j', (input, expected) => {
    expect(parseTime(input)).toEqual(expected);
  });
});

describe('option lists', () => {
  it('offers days 1 to 31', () => {
    const days = getDayOptions();
    expect(days).toHaveLength(31);
    expect(days[0]).toBe(1);
    expect(days[30]).toBe(31);
  });

  it('offers years from the earliest to latest + 1, newest first', () => {
    expect(getYearOptions(2020, 2024)).toEqual([2025, 2024, 2023, 2022, 2021, 2020]);
  });

  it('names months by short name', () => {
    const months = getMonthNames('short');
    expect(months[0]).toEqual({ value: '01', label: 'Jan' });
    expect(months).toHaveLength(12);
    expect(months[11]).toEqual({ value: '12', label: 'Dec' });
  });
});

describe('getMonthLimit', () => {
  it.each([
    ['2024-03-15T12:00:00Z', 1, { year: 2024, month: 4 }],
    ['2024-12-15T12:00:00Z', 1, { year: 2025, month: 1 }],
    ['2024-06-15T12:00:00Z', 0, { year: 2024, month: 6 }],
    // 23:30 UTC on 31 May is already June in Europe/London (BST).
    ['2024-05-31T23:30:00Z', 0, { year: 2024, month: 6 }],
  ])('%s + %i months -> %j', (iso, monthsAhead, expected) => {
    expect(getMonthLimit({ now: new Date(iso), monthsAhead })).toEqual(expected);
  });
});

describe('getMonthOptions', () => {
  const now = new Date('2024-03-15T12:00:00Z');
  it.each([
    [2024, 1, ['01', '02', '03', '04']],
    [2024, 0, ['01', '02', '03']],
    [2023, 1, ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']],
    [2025, 1, []],
  ])('year %i, %i ahead -> %j', (year, monthsAhead, expected) => {
    expect(getMonthOptions({ now, monthsAhead, year }).map((option) => option.value)).toEqual(
      expected,
    );
  });

  it('wraps into next year in December', () => {
    const december = new Date('2024-12-10T12:00:00Z');
    expect(getMonthOptions({ now: december, monthsAhead: 1, year: 2024 })).toHaveLength(12);
    expect(getMonthOptions({ now: december, monthsAhead: 1, year: 2025 })).toEqual([
      { value: '01', label: 'January' },
    ]);
  });
});

describe('getMonthPickerYears', () => {
  it('lists years newest first down to the minimum', () => {
    expect(
      getMonthPickerYears({ now: new Date('2024-12-10T12:00:00Z'), monthsAhead: 1, minYear: 2022 }),
    ).toEqual([2025, 2024, 2023, 2022]);
  });
});

describe('composeYearMonth', () => {
  it.each([
    [{ year: '2024', month: '3' }, '2024-03'],
    [{ year: '2024', month: '11' }, '2024-11'],
    [{ year: '2024', month: '' }, ''],
    [{ year: '', month: '03' }, ''],
  ])('%j -> %j', (input, expected) => {
    expect(composeYearMonth(input)).toBe(expected);
  });
});
