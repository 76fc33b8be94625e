// The notification module's public face: queue a message in your transaction; the job runner
// delivers it.
export { queueMessage, type QueueDeps } from './outbox';
export { emailBody } from './email-body';
import type { ServiceDeps } from '../../app-types';
import { queueMessage as queue, type QueueDeps } from './outbox';

/** What queueMessage needs, from the app's dependencies (db: the caller's transaction). */
export function queueDepsOf(deps: Omit<ServiceDeps, 'clock'>): QueueDeps {
  return {
    db: deps.db,
    mail: deps.providers.mail,
    log: deps.log,
    isProduction: deps.config.nodeEnv === 'production',
  };
}
/**
 * Queues an e-mail in `db` (the caller's transaction), to be delivered by the job runner; answers
 * the queued message's id.
 */
export function queueEmail(
  deps: Omit<ServiceDeps, 'clock' | 'db'>,
  db: ServiceDeps['db'],
  email: { recipient: string; subject: string; body: string },
  at: Date,
): Promise<string> {
  const { providers, log, config } = deps;
  return queue(queueDepsOf({ db, providers, log, config }), { channel: 'EMAIL', ...email }, at);
}
export { deliverMessageJob } from './jobs';
export { devOutboxRoutes } from './dev-routes';
// A customer's data export and erasure (decision 018).
export { eraseMessagesTo, exportMessages } from './customer-data';
