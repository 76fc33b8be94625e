import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError, nullOn404 } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { useSignedInQuery } from '../../../lib/signed-in-query';

type HomeSchemas = typeof import('./schemas');

/**
 * The home page's API schemas, in their own chunk: only a visitor with a session lists anything,
 * so a new visitor's first page loads no zod (first-route JS budget, issue 5).
 */
const loadHomeSchemas = (): Promise<HomeSchemas> => import('./schemas');

function toList(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (typeof data === 'object' && data !== null) {
    const found = Object.values(data).find(Array.isArray);
    if (found) return found as unknown[];
  }
  return [];
}

async function getData(
  client: ApiClient,
  options: { path: string; signal?: AbortSignal; hasSession: boolean },
): Promise<unknown> {
  try {
    return await nullOn404(client.get<unknown>(options.path, { signal: options.signal }));
  } catch (error) {
    if (!options.hasSession && isApiError(error) && error.kind === 'UNAUTHORIZED') return [];
    throw error;
  }
}

/**
 * A list from the API for the home page. 404 is an empty list (a route not deployed yet, or
 * nothing there); so is 401 for a visitor who has no session yet. Items that do not parse are
 * reported and left out, so one odd record never blanks the page.
 */
export async function fetchList<T>(
  client: ApiClient,
  options: {
    path: string;
    /** Picks the item schema from the home schemas (loaded with the list, in parallel). */
    schema: (schemas: HomeSchemas) => z.ZodType<T>;
    signal?: AbortSignal;
    hasSession: boolean;
  },
): Promise<T[]> {
  const [data, schemas] = await Promise.all([getData(client, options), loadHomeSchemas()]);
  const schema = options.schema(schemas);
  const items: T[] = [];
  for (const item of toList(data)) {
    const parsed = schema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
    else reportError(parsed.error, { where: options.path });
  }
  return items;
}

/** A list of the signed-in customer's own for the home page: fetchList, asked once signed in. */
export function useCustomerList<T>(list: {
  queryKey: QueryKey;
  path: string;
  schema: (schemas: HomeSchemas) => z.ZodType<T>;
}) {
  return useSignedInQuery({
    queryKey: list.queryKey,
    read: (client, signal) =>
      fetchList(client, { path: list.path, schema: list.schema, signal, hasSession: true }),
  });
}
