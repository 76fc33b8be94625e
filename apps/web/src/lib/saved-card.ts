import { SavedCardListResponseSchema, type SavedCard } from '@motor/contract';
import type { ApiClient } from './api-client';

/**
 * GET /api/stripe/cards: the customer's saved card (checkout binds by it when nothing is to pay,
 * a card account's months are taken from it), or null when none is saved.
 */
export async function fetchSavedCard(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SavedCard | null> {
  return (
    SavedCardListResponseSchema.parse(await client.get<unknown>('/stripe/cards', { signal }))[0] ??
    null
  );
}
