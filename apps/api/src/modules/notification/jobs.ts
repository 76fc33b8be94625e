import { z } from 'zod';
import { defineJob } from '../jobs';
import { DELIVER_MESSAGE, deliverMessage } from './outbox';

export const deliverMessageJob = defineJob({
  kind: DELIVER_MESSAGE,
  payload: z.object({ messageId: z.string().uuid() }),
  // A day of retries (30 s doubling to 1 h): a mail server down overnight loses nothing.
  maxAttempts: 30,
  run: (deps, { messageId }) =>
    deliverMessage(
      {
        db: deps.db,
        clock: deps.clock,
        mail: deps.providers.mail,
        storage: deps.providers.storage,
      },
      messageId,
    ),
});
