import { createSandboxIdentityVerification } from './sandbox';
import type { IdentityVerificationProvider } from './types';

export * from './types';
export { createSandboxIdentityVerification } from './sandbox';

/**
 * The identity verification chosen by configuration. Only the sandbox exists yet; a KYC vendor
 * adapter will implement the same contract and be chosen here when its key is configured.
 */
export function createIdentityVerification(): IdentityVerificationProvider {
  return createSandboxIdentityVerification();
}
