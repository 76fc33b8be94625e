// The claim module's public face: claims on policies (read by their owner, added and corrected by
// staff with action:mta-claims) and the online claim through the FNOL provider. Routes are
// mounted by app.ts.
import type { App } from '../../app-types';
import type { SandboxFnol } from '../../providers/fnol';
import { sandboxFnolPages } from './sandbox-fnol-pages';

export { listClaimsOfPolicy } from './repository';

/** The sandbox FNOL provider's claim page (/sandbox/fnol/*), when the sandbox is in use. */
export async function registerSandboxFnolPages(app: App): Promise<void> {
  if (app.providers.fnol.adapter === 'sandbox') {
    await sandboxFnolPages(app, app.providers.fnol as SandboxFnol);
  }
}
// A customer's data export and erasure (decision 018).
export { eraseClaimants, exportClaims } from './customer-data';
