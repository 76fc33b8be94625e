import { builtinChat } from './builtin';
import type { ChatConnector } from './types';

export type * from './types';

/** The built-in chat (our database): no vendor adapter yet (one would be chosen here by config). */
export function createChat(): ChatConnector {
  return builtinChat;
}
