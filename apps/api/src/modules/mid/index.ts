// The Motor Insurance Database module's public face (issue 35 item 1, decision 039): a bind asks
// for its policy's entry to be sent, the staff console reads each policy's status, and the app
// connects the sandbox register to the database.
import type { App } from '../../app-types';
import type { SandboxMid } from '../../providers/mid';
import { createDatabaseSandboxStore } from '../payment';

export { enqueueMidSubmission } from './jobs';
export { findMidStatuses } from './staff-status';

/** With the sandbox MID, its register lives in our database: it survives a restart. */
export function registerSandboxMid(app: App): void {
  if (app.providers.mid.adapter !== 'sandbox') return;
  const sandbox = app.providers.mid as SandboxMid;
  sandbox.connectStore(createDatabaseSandboxStore(app.db, () => app.clock.now()));
}
