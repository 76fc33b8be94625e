import { describe, expect, it } from 'vitest';
import { DRIVING_CONVICTION_FAMILIES, DRIVING_CONVICTIONS } from './data/driving-convictions';
import { INDUSTRIES } from './data/industries';
import { OCCUPATIONS } from './data/occupations';
import {
  DATA_TABLE_NAMES,
  findDataEntry,
  findDrivingConviction,
  getMinimumCharacters,
  searchDataTable,
} from './data-tables';

describe('data table contents', () => {
  it.each([
    ['OccupationABI', OCCUPATIONS, 150],
    ['Industry', INDUSTRIES, 80],
    ['DrivingConvictions', DRIVING_CONVICTIONS, 60],
  ] as const)('%s has unique codes and names and enough rows', (_table, entries, atLeast) => {
    expect(entries.length).toBeGreaterThanOrEqual(atLeast);
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.name.toLowerCase())).size).toBe(entries.length);
  });

  it('DVLA codes are two letters and two digits, with plausible points', () => {
    for (const conviction of DRIVING_CONVICTIONS) {
      expect(conviction.code).toMatch(/^[A-Z]{2}\d{2}$/);
      if (conviction.minPoints === null) {
        expect(conviction.maxPoints).toBeNull();
        continue;
      }
      expect(conviction.minPoints).toBeGreaterThanOrEqual(2);
      expect(conviction.maxPoints).toBeGreaterThanOrEqual(conviction.minPoints);
      expect(conviction.maxPoints).toBeLessThanOrEqual(11);
    }
  });

  it('DVLA codes cover every family and no other', () => {
    const families = new Set(DRIVING_CONVICTIONS.map((c) => c.code.slice(0, 2)));
    expect([...families].sort()).toEqual(Object.keys(DRIVING_CONVICTION_FAMILIES).sort());
    expect([...families].sort()).toEqual(
      [
        'AC',
        'BA',
        'CD',
        'CU',
        'DD',
        'DG',
        'DR',
        'IN',
        'LC',
        'MS',
        'MW',
        'PC',
        'SP',
        'TS',
        'TT',
        'UT',
      ].sort(),
    );
  });

  it('occupation and industry codes follow our own scheme', () => {
    for (const entry of OCCUPATIONS) expect(entry.code).toMatch(/^O\d{3}$/);
    for (const entry of INDUSTRIES) expect(entry.code).toMatch(/^I\d{3}$/);
  });
});

describe('searchDataTable', () => {
  it('has the minimum characters of spec 2 §9', () => {
    expect(getMinimumCharacters('OccupationABI')).toBe(3);
    expect(getMinimumCharacters('Industry')).toBe(3);
    expect(getMinimumCharacters('DrivingConvictions')).toBe(2);
    expect(getMinimumCharacters('BMWRetailers')).toBe(5);
  });

  it('answers nothing below the minimum', () => {
    expect(searchDataTable({ table: 'OccupationABI', query: 'ac' })).toEqual([]);
    expect(searchDataTable({ table: 'OccupationABI', query: '  te  ' })).toEqual([]);
    expect(searchDataTable({ table: 'Industry', query: 'in' })).toEqual([]);
    expect(searchDataTable({ table: 'DrivingConvictions', query: 's' })).toEqual([]);
  });

  it('matches occupations case-insensitively, prefix first', () => {
    const results = searchDataTable({ table: 'OccupationABI', query: 'TEACH' });
    expect(results.map((r) => r.name)).toEqual(['Teacher', 'Teaching Assistant']);
    const nurses = searchDataTable({ table: 'OccupationABI', query: 'nurse' }).map((r) => r.name);
    expect(nurses.slice(0, 1)).toEqual(['Nurse']);
    expect(nurses).toContain('Veterinary Nurse');
    expect(nurses).toContain('Nursery Nurse');
  });

  it('matches industries by any word', () => {
    const results = searchDataTable({ table: 'Industry', query: 'service' }).map((r) => r.name);
    expect(results).toContain('Financial Services');
    expect(results).toContain('Health Service - NHS');
  });

  it('matches convictions by code prefix and by text', () => {
    const bySp = searchDataTable({ table: 'DrivingConvictions', query: 'sp' }).map((r) => r.code);
    expect(bySp.slice(0, 5)).toEqual(['SP10', 'SP20', 'SP30', 'SP40', 'SP50']);
    expect(searchDataTable({ table: 'DrivingConvictions', query: 'SP30' })).toEqual([
      { code: 'SP30', name: 'Exceeding statutory speed limit on a public road' },
    ]);
    const phone = searchDataTable({ table: 'DrivingConvictions', query: 'mobile phone' });
    expect(phone.map((r) => r.code)).toEqual(['CU80']);
  });

  it('respects the limit', () => {
    expect(searchDataTable({ table: 'OccupationABI', query: 'er', limit: 3 })).toEqual([]);
    expect(searchDataTable({ table: 'OccupationABI', query: 'ist', limit: 3 })).toHaveLength(3);
  });

  it('answers every table by name', () => {
    for (const table of DATA_TABLE_NAMES) expect(getMinimumCharacters(table)).toBeGreaterThan(0);
  });
});

describe('findDataEntry', () => {
  it('finds by code in any case, or null', () => {
    expect(findDataEntry('DrivingConvictions', 'dr10')).toEqual({
      code: 'DR10',
      name: 'Driving or attempting to drive with alcohol level above limit',
    });
    expect(findDataEntry('OccupationABI', 'O001')).toEqual({ code: 'O001', name: 'Accountant' });
    expect(findDataEntry('Industry', 'nope')).toBeNull();
  });

  it('finds a conviction with its points', () => {
    expect(findDrivingConviction('sp30')).toMatchObject({ minPoints: 3, maxPoints: 6 });
    expect(findDrivingConviction('TT99')).toMatchObject({ minPoints: null });
    expect(findDrivingConviction('XX00')).toBeNull();
  });
});
