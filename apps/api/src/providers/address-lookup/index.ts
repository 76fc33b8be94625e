import { createSandboxAddressLookup } from './sandbox';
import type { AddressLookupProvider } from './types';

export * from './types';

/**
 * The address lookup chosen by configuration. Only the sandbox exists yet; a Loqate adapter
 * (`loqate.ts`: Capture Interactive Find and Retrieve) will implement the same contract and be
 * chosen here when its key is configured.
 */
export function createAddressLookup(): AddressLookupProvider {
  return createSandboxAddressLookup();
}
