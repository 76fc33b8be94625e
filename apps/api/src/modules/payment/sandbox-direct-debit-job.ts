import { defineScheduledJob } from '../jobs';

/**
 * The sandbox direct-debit provider has no servers to call us back: each minute this job sends
 * the webhooks of collections that became due (submitted, then settled after 3 working days).
 * Registered only when the sandbox is the provider. The sending posts to the app's own webhook
 * route (as the real provider would, signature and all), so the composition root, which holds
 * the app, gives it as `deliverEvents`: the job itself holds no Fastify instance.
 */
export function createSandboxDirectDebitEventsJob(deliverEvents: () => Promise<unknown>) {
  return defineScheduledJob({
    kind: 'deliver-sandbox-direct-debit-events',
    schedule: '* * * * *',
    run: () => deliverEvents(),
  });
}
