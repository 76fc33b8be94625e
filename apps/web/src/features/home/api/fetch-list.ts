import type { z } from 'zod';
import { isApiError, nullOn404 } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';

function toList(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (typeof data === 'object' && data !== null) {
    const found = Object.values(data).find(Array.isArray);
    if (found) return found as unknown[];
  }
  return [];
}

/**
 * A list from the API for the home page. 404 is an empty list (a route not deployed yet, or
 * nothing there); so is 401 for a visitor who has no session yet. Items that do not parse are
 * reported and left out, so one odd record never blanks the page.
 */
export async function fetchList<T>(
  client: ApiClient,
  options: { path: string; schema: z.ZodType<T>; signal?: AbortSignal; hasSession: boolean },
): Promise<T[]> {
  let data: unknown;
  try {
    data = await nullOn404(client.get<unknown>(options.path, { signal: options.signal }));
  } catch (error) {
    if (!options.hasSession && isApiError(error) && error.kind === 'UNAUTHORIZED') return [];
    throw error;
  }
  const items: T[] = [];
  for (const item of toList(data)) {
    const parsed = options.schema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
    else reportError(parsed.error, { where: options.path });
  }
  return items;
}

/** The registration of the quote's insured car, if known. */
export function readRegistration(quote: unknown): string | null {
  const assets = (quote as { insuredAssets?: unknown } | null | undefined)?.insuredAssets;
  if (!Array.isArray(assets)) return null;
  const core = assets.find((asset) => (asset as { coreAsset?: unknown }).coreAsset) as
    { data?: { vehicle?: { vrn?: unknown } } } | undefined;
  const vrn = core?.data?.vehicle?.vrn;
  return typeof vrn === 'string' && vrn !== '' ? vrn : null;
}
