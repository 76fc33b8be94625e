import { z } from 'zod';

/**
 * Parses a brand's data with its schema, throwing `Invalid {what}:` and every problem listed, so
 * that a bad edit fails when the brand loads, naming each place (configuration, package).
 */
export function parseBrandData<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`Invalid ${what}:\n${z.prettifyError(result.error)}`);
  return result.data;
}
