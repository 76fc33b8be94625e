import { describe, expect, it } from 'vitest';
import { createSandboxIdentityVerification } from './sandbox';
import type { IdentitySubject } from './types';

const jane: IdentitySubject = {
  firstName: 'Jane',
  lastName: 'Smith',
  dateOfBirth: '1985-06-15',
  postalCode: 'SW1A 2AA',
  addressLine1: '10 Downing Street',
};

describe('sandbox identity verification', () => {
  const provider = createSandboxIdentityVerification();

  it('clears an ordinary identity on every check', async () => {
    expect(await provider.checkIdentity(jane)).toEqual({
      isClear: true,
      checks: [{ name: 'IDENTITY', result: 'CLEAR' }],
    });
    const verified = await provider.verifyCustomer(jane);
    expect(verified.isClear).toBe(true);
    expect(verified.checks.map((check) => check.name)).toEqual(['IDENTITY', 'SANCTIONS', 'FRAUD']);
  });

  it.each([
    [{ lastName: 'Consider' }, false, 'IDENTITY'],
    [{ lastName: ' consider ' }, false, 'IDENTITY'],
    [{ dateOfBirth: '1900-01-01' }, false, 'IDENTITY'],
    [{ firstName: null }, false, 'IDENTITY'],
    [{ lastName: 'Sanction' }, true, 'SANCTIONS'],
    [{ lastName: 'FRAUD' }, true, 'FRAUD'],
  ] as const)('%j: id-check clear %s, verify fails %s', async (change, idClear, failed) => {
    const subject = { ...jane, ...change };
    expect((await provider.checkIdentity(subject)).isClear).toBe(idClear);
    const verified = await provider.verifyCustomer(subject);
    expect(verified.isClear).toBe(false);
    expect(verified.checks.filter((check) => check.result === 'CONSIDER')).toEqual([
      { name: failed, result: 'CONSIDER' },
    ]);
  });

  it('is deterministic', async () => {
    const subject = { ...jane, lastName: 'Consider' };
    expect(await provider.verifyCustomer(subject)).toEqual(await provider.verifyCustomer(subject));
  });
});
