import { describe, expect, it } from 'vitest';
import {
  cleanRegistration,
  formatRegistration,
  hasOnlyPlateCharacters,
  isCompleteRegistration,
} from './registration';
import type { RegistrationFormatConfig } from './registration';

const uk: RegistrationFormatConfig = {
  divider: ' ',
  completeFormats: [
    '^([A-PR-Z][A-Z][0-9]{2})([A-Z]{3})$',
    '^([A-PR-Z][0-9]{1,3})([A-Z]{3})$',
    '^([A-PR-Z][A-Z]{2})([0-9]{1,3}[A-Z])$',
    '^([A-PR-Z]{1,3})([0-9]{1,4})$',
    '^([0-9]{1,4})([A-PR-Z]{1,3})$',
  ],
  incompleteFormat: '^([A-PR-Z][A-Z][0-9]{2})([A-Z]{1,2})$',
};

describe('cleanRegistration', () => {
  it.each([
    ['ab12 cde', 'AB12CDE'],
    ['ab-12-cde', 'AB12CDE'],
    ['  a b\t1 2 ', 'AB12'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(cleanRegistration(input)).toBe(expected);
  });
});

describe('formatRegistration', () => {
  it.each([
    ['ab12cde', 'AB12 CDE'],
    ['AB-12-CDE', 'AB12 CDE'],
    ['ab 12 c de', 'AB12 CDE'],
    ['a123bcd', 'A123 BCD'],
    ['abc123d', 'ABC 123D'],
    ['abc1234', 'ABC 1234'],
    ['1234abc', '1234 ABC'],
    ['ab12cd', 'AB12 CD'],
    // AB12 is itself a complete dateless plate.
    ['ab12', 'AB 12'],
    ['ab12c', 'AB12 C'],
    ['a', 'A'],
    ['qq12abc', 'QQ12ABC'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (input, expected) => {
    expect(formatRegistration(input, uk)).toBe(expected);
  });

  it('uses the configured divider', () => {
    expect(formatRegistration('ab12cde', { ...uk, divider: '-' })).toBe('AB12-CDE');
  });

  it('prefers the first complete format that matches', () => {
    const config: RegistrationFormatConfig = {
      divider: ' ',
      completeFormats: ['^([A-Z]{2})([0-9]{2})$', '^([A-Z])([A-Z][0-9]{2})$'],
      incompleteFormat: '^$',
    };
    expect(formatRegistration('ab12', config)).toBe('AB 12');
  });

  it('ignores invalid patterns', () => {
    const config: RegistrationFormatConfig = {
      divider: ' ',
      completeFormats: ['(['],
      incompleteFormat: '(',
    };
    expect(formatRegistration('ab12cde', config)).toBe('AB12CDE');
  });

  it('returns the cleaned value for a match without capture groups', () => {
    expect(
      formatRegistration('ab 12', {
        divider: ' ',
        completeFormats: ['^[A-Z]{2}[0-9]{2}$'],
        incompleteFormat: '^$',
      }),
    ).toBe('AB12');
  });
});

describe('isCompleteRegistration', () => {
  it.each([
    ['AB12 CDE', true],
    ['ab12cd', false],
    ['Q123ABC', false],
  ])('%j -> %j', (input, expected) => {
    expect(isCompleteRegistration(input, uk)).toBe(expected);
  });
});

describe('hasOnlyPlateCharacters', () => {
  it.each([
    ['ab12 cde', true],
    ['AB-12', true],
    ['', true],
    ['AB12!', false],
    ['£12', false],
    ['AB.12', false],
    ['ÉA12', false],
  ])('%j -> %j', (input, expected) => {
    expect(hasOnlyPlateCharacters(input)).toBe(expected);
  });
});
