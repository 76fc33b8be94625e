import { z } from 'zod';
import type { App } from '../../app-types';
import { defineJob } from '../jobs';
import { deliverSandboxDirectDebitEvents } from './sandbox-direct-debit-pages';

/**
 * The sandbox direct-debit provider has no servers to call us back: each minute this job sends
 * the webhooks of collections that became due (submitted, then settled after 3 working days).
 * Registered only when the sandbox is the provider. It posts to the app's own webhook route (as
 * the real provider would, signature and all), so it holds the app itself, not plain deps.
 */
export function createSandboxDirectDebitEventsJob(app: App) {
  return defineJob({
    kind: 'deliver-sandbox-direct-debit-events',
    payload: z.object({}),
    schedule: '* * * * *',
    run: async () => {
      await deliverSandboxDirectDebitEvents(app);
    },
  });
}
