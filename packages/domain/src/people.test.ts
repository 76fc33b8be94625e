import { describe, expect, it } from 'vitest';
import { getAvatarInitials, getFullName, getUsername } from './people';

describe('getAvatarInitials', () => {
  it.each([
    [{ firstName: 'Jane', lastName: 'Smith' }, 'JS'],
    [{ firstName: 'jane', lastName: 'smith' }, 'JS'],
    [{ firstName: '  élodie', lastName: "o'neil" }, 'ÉO'],
    [{ firstName: 'Jane', lastName: '' }, '?'],
    [{ firstName: '', lastName: 'Smith' }, '?'],
    [{ firstName: '   ', lastName: 'Smith' }, '?'],
    [{ firstName: null, lastName: 'Smith' }, '?'],
    [{ firstName: 'Jane' }, '?'],
    [{}, '?'],
  ])('%o → %s', (name, initials) => {
    expect(getAvatarInitials(name)).toBe(initials);
  });
});

describe('getUsername', () => {
  it.each([
    [{ email: 'jane@example.com', phone: '+447123456789' }, 'jane@example.com'],
    [{ email: '', phone: '+447123456789' }, '+447123456789'],
    [{ email: null, phone: '+447123456789' }, '+447123456789'],
    [{ email: '  ', phone: null }, 'Unknown'],
    [{}, 'Unknown'],
  ])('%o → %s', (contact, username) => {
    expect(getUsername(contact)).toBe(username);
  });
});

describe('getFullName', () => {
  it.each([
    [{ firstName: 'Jane', lastName: 'Smith' }, 'Jane Smith'],
    [{ firstName: ' Jane ', lastName: null }, 'Jane'],
    [{}, ''],
  ])('%o → %j', (name, full) => {
    expect(getFullName(name)).toBe(full);
  });
});
