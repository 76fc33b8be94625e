import { z } from 'zod';
import { defineJob } from '../jobs/runner';
import { deliverSandboxDirectDebitEvents } from './sandbox-direct-debit-pages';

/**
 * The sandbox direct-debit provider has no servers to call us back: each minute this job sends
 * the webhooks of collections that became due (submitted, then settled after 3 working days).
 * Registered only when the sandbox is the provider.
 */
export const deliverSandboxDirectDebitEventsJob = defineJob({
  kind: 'deliver-sandbox-direct-debit-events',
  payload: z.object({}),
  schedule: '* * * * *',
  run: async (app) => {
    await deliverSandboxDirectDebitEvents(app);
  },
});
