// The notification module's public face: queue a message in your transaction; the job runner
// delivers it.
export { queueMessage, type QueueDeps } from './outbox';
import type { ServiceDeps } from '../../app-types';
import type { QueueDeps } from './outbox';

/** What queueMessage needs, from the app's dependencies (db: the caller's transaction). */
export function queueDepsOf(deps: Omit<ServiceDeps, 'clock'>): QueueDeps {
  return {
    db: deps.db,
    mail: deps.providers.mail,
    log: deps.log,
    isProduction: deps.config.nodeEnv === 'production',
  };
}
export { deliverMessageJob } from './jobs';
export { devOutboxRoutes } from './dev-routes';
