import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

// GET /api/policyholder, read only for where the quote goes next: a signed-in customer with an
// account skips account setup. (The account feature owns editing; features do not share code.)
const PolicyholderAccountSchema = z.object({
  userId: z.string(),
  accountRegistered: z.boolean().optional(),
});

/** True when the caller is signed in and has a registered policyholder account. */
export async function isAccountRegistered(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<boolean> {
  const account = PolicyholderAccountSchema.parse(
    await client.get<unknown>('/policyholder', { signal }),
  );
  // The endpoint answers only for a registered account; an explicit flag wins when present.
  return account.accountRegistered ?? true;
}
