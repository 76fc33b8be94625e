import { describe, expect, it } from 'vitest';
import {
  filterOptions,
  getSingleOption,
  normaliseName,
  normaliseNumber,
  normalisePhone,
  stripPhonePrefix,
} from './inputs';

const options = [
  { value: 'bmw', text: 'BMW' },
  { value: 'mini', text: 'MINI' },
  { value: 'rr', text: 'Rolls-Royce' },
];

describe('filterOptions', () => {
  it.each([
    ['', ['bmw', 'mini', 'rr']],
    ['   ', ['bmw', 'mini', 'rr']],
    ['m', ['bmw', 'mini']],
    ['MIN', ['mini']],
    ['royce', ['rr']],
    ['s-r', ['rr']],
    ['zzz', []],
  ])('%j -> %j', (query, expected) => {
    expect(filterOptions(options, query).map((option) => option.value)).toEqual(expected);
  });
});

describe('getSingleOption', () => {
  it.each([
    [[], undefined],
    [['a'], 'a'],
    [['a', 'b'], undefined],
  ])('%j -> %j', (list, expected) => {
    expect(getSingleOption(list)).toBe(expected);
  });
});

describe('normaliseName', () => {
  it.each([
    ['  Jane', 'Jane'],
    ['Jane ', 'Jane '],
    ['Mary Ann', 'Mary Ann'],
    ['\t\nBob', 'Bob'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });
});

describe('normaliseNumber', () => {
  it.each([
    ['12a3', undefined, '123'],
    ['', undefined, ''],
    ['abc', 10, ''],
    ['10', 10, '10'],
    ['11', 10, null],
    ['1,000', 5000, '1000'],
    ['0', 0, '0'],
  ])('%j (max %j) -> %j', (input, max, expected) => {
    expect(normaliseNumber(input, max)).toBe(expected);
  });
});

describe('normalisePhone', () => {
  it.each([
    ['07700 900123', undefined, '+447700900123'],
    ['7700900123', undefined, '+447700900123'],
    ['(0)7700-900-123', undefined, '+447700900123'],
    ['007700900123', undefined, '+4407700900123'],
    ['+44 7700 900123', undefined, '+447700900123'],
    ['', undefined, ''],
    ['abc', undefined, ''],
    ['0', undefined, ''],
    ['0871234567', '+353', '+353871234567'],
  ])('%j (prefix %j) -> %j', (input, prefix, expected) => {
    expect(normalisePhone(input, prefix)).toBe(expected);
  });
});

describe('stripPhonePrefix', () => {
  it.each([
    ['+447700900123', '7700900123'],
    ['07700900123', '07700900123'],
  ])('%j -> %j', (input, expected) => {
    expect(stripPhonePrefix(input)).toBe(expected);
  });
});
