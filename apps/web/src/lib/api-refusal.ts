import { ErrorBodySchema } from '@motor/contract';
import { isApiError } from './api-client';

/** The API's own words when it refused a request, and the fields its details name. */
type Refusal = { message: string; fields: { path?: unknown; message?: unknown }[] };

/**
 * What the API said when it refused (an answer in its error body's shape: a 4xx such as a settled
 * refund, money owed meanwhile, a refused field), else null: a page shows the server's words
 * rather than its own when there are some.
 */
export function readRefusal(error: unknown): Refusal | null {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return null;
  const body = ErrorBodySchema.safeParse(error.failure.data);
  if (!body.success) return null;
  const details = body.data.error.details as { fields?: unknown } | undefined;
  const fields = Array.isArray(details?.fields) ? (details.fields as Refusal['fields']) : [];
  return { message: body.data.error.message, fields };
}
