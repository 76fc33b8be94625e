import type {
  IdentityCheck,
  IdentityCheckName,
  IdentitySubject,
  IdentityVerificationProvider,
  IdentityVerificationResult,
} from './types';

/**
 * Deterministic outcomes for development and tests (see README.md):
 * - surname `Consider`, a date of birth of 1900-01-01, or a missing name or date of birth fail
 *   IDENTITY (so both id-check and verify are not clear);
 * - surname `Sanction` fails SANCTIONS (id-check clear, verify not);
 * - surname `Fraud` fails FRAUD (id-check clear, verify not);
 * - everybody else is CLEAR on every check.
 * Surnames compare without case or surrounding spaces.
 */
const SANDBOX_IDENTITY_OUTCOMES = {
  identityFailsForLastName: 'consider',
  identityFailsForDateOfBirth: '1900-01-01',
  sanctionsFailsForLastName: 'sanction',
  fraudFailsForLastName: 'fraud',
} as const;

function fails(name: IdentityCheckName, subject: IdentitySubject): boolean {
  const lastName = (subject.lastName ?? '').trim().toLowerCase();
  const outcomes = SANDBOX_IDENTITY_OUTCOMES;
  switch (name) {
    case 'IDENTITY':
      return (
        !subject.firstName?.trim() ||
        !lastName ||
        !subject.dateOfBirth ||
        lastName === outcomes.identityFailsForLastName ||
        subject.dateOfBirth === outcomes.identityFailsForDateOfBirth
      );
    case 'SANCTIONS':
      return lastName === outcomes.sanctionsFailsForLastName;
    case 'FRAUD':
      return lastName === outcomes.fraudFailsForLastName;
  }
}

function run(names: readonly IdentityCheckName[], subject: IdentitySubject) {
  const checks: IdentityCheck[] = names.map((name) => ({
    name,
    result: fails(name, subject) ? 'CONSIDER' : 'CLEAR',
  }));
  return { isClear: checks.every((check) => check.result === 'CLEAR'), checks };
}

/** The offline identity verification: rules on the subject's name and date of birth. */
export function createSandboxIdentityVerification(): IdentityVerificationProvider {
  return {
    async checkIdentity(subject): Promise<IdentityVerificationResult> {
      return run(['IDENTITY'], subject);
    },
    async verifyCustomer(subject): Promise<IdentityVerificationResult> {
      return run(['IDENTITY', 'SANCTIONS', 'FRAUD'], subject);
    },
  };
}
