import type { InsuredProfile } from '@motor/domain';
import type { z } from 'zod';
import type { ProposalData } from './types';

// Reading a proposal's stored answers into what rating, underwriting and identity checks take.
// Answers were validated when they were stored; each read is still parsed, so an answer that is
// missing or no longer valid counts as not given (INSUFFICIENT_ACCURACY), never as a guess.

/** Parses one stored answer with a schema: the value, or undefined when absent or not valid. */
export type AnswerRead = <T>(schema: z.ZodType<T>, value: unknown) => T | undefined;

/** Reads one answer, parsing it. */
export const readAnswer: AnswerRead = (schema, value) => {
  if (value === undefined || value === null) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/**
 * A read that parses each answer with each schema once: rating and underwriting read many of the
 * same answers (the car, every driver's date of birth, licence, claims and convictions) from the
 * same data, and a parse is pure, so its result can serve both.
 */
export function createAnswerReader(): AnswerRead {
  const parsedBySchema = new Map<z.ZodType, Map<unknown, unknown>>();
  return <T>(schema: z.ZodType<T>, value: unknown): T | undefined => {
    let parsed = parsedBySchema.get(schema);
    if (!parsed) parsedBySchema.set(schema, (parsed = new Map()));
    if (parsed.has(value)) return parsed.get(value) as T | undefined;
    const result = readAnswer(schema, value);
    parsed.set(value, result);
    return result;
  };
}

/** The policyholder's profile. */
export function policyholderOf(
  data: Pick<ProposalData, 'insuredProfiles'>,
): InsuredProfile | undefined {
  return data.insuredProfiles.find((profile) => profile.policyholder);
}
