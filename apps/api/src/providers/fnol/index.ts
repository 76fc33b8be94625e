import { createSandboxFnol } from './sandbox';
import type { FnolProvider } from './types';

export type * from './types';
export { createSandboxFnol, type SandboxFnol, type SandboxFnolSession } from './sandbox';

/** The sandbox claim page: no vendor adapter yet (Axitech would be chosen here by config). */
export function createFnol(): FnolProvider {
  return createSandboxFnol();
}
