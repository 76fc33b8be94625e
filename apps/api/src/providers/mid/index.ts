import { createSandboxMid } from './sandbox';
import type { MidProvider } from './types';

export * from './types';
export { createSandboxMid, type SandboxMid } from './sandbox';

/**
 * The MID chosen by configuration. Only the sandbox exists yet: a bureau adapter (its interface
 * and credentials) implements the same contract and is chosen here when configured; nothing in
 * modules/mid or the flows changes.
 */
export function createMid(): MidProvider {
  return createSandboxMid();
}
