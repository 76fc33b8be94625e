import type { VerificationCheckResult } from '@motor/domain';

// Our contract for identity verification (KYC). A vendor adapter maps its own outcomes to CLEAR /
// CONSIDER per named check, so the proposal module never sees a vendor status.

/** Who is checked: the policyholder as disclosed on the proposal. */
export type IdentitySubject = {
  firstName: string | null;
  lastName: string | null;
  /** yyyy-MM-dd */
  dateOfBirth: string | null;
  postalCode: string | null;
  addressLine1: string | null;
};

/** The checks a provider runs. IDENTITY backs the quick id-check; verify runs all three. */
export type IdentityCheckName = 'IDENTITY' | 'SANCTIONS' | 'FRAUD';

export type IdentityCheck = { name: IdentityCheckName; result: VerificationCheckResult };

export type IdentityVerificationResult = { isClear: boolean; checks: IdentityCheck[] };

export type IdentityVerificationProvider = {
  /** The quick check before add-ons: does this person exist at this address? */
  checkIdentity(subject: IdentitySubject): Promise<IdentityVerificationResult>;
  /** The full check before an account is created: identity, sanctions and fraud. */
  verifyCustomer(subject: IdentitySubject): Promise<IdentityVerificationResult>;
};
