import { reportError } from './error-reporting';

// A chat failure is logged and never reaches the error modal (spec 1 §8): the chat, the customer's
// panel or the staff inbox, says it itself.

/** Reports a chat failure with what the chat was doing (`action`: send, read, events...). */
export const reportChatError =
  (action: string) =>
  (error: unknown): void =>
    reportError(error, { area: 'chat', action });

/** A chat mutation's failure handling: its own (no error modal), reported under the chat. */
export const chatMutationFailure = (action: string) => ({
  meta: { handlesErrors: true },
  onError: reportChatError(action),
});
