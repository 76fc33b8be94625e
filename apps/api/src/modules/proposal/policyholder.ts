import { z } from 'zod';
import type { IdentitySubject } from '../../providers/identity-verification';
import { policyholderOf, readAnswer, type ProposalData } from '../disclosure';

// What other modules read of the policyholder's answers: who to check, where to write.

type Answers = Record<string, unknown>;

const Day = z.iso.date();
const Text = z.string();
const Email = z.email();
const AddressAnswer = z
  .object({ postalCode: z.string().nullish(), line1: z.string().nullish() })
  .loose();

/** The policyholder as identity checks see them. */
export function buildIdentitySubject(data: ProposalData): IdentitySubject {
  const answers: Answers = policyholderOf(data)?.data ?? {};
  const address = readAnswer(AddressAnswer, answers.address);
  return {
    firstName: readAnswer(Text, answers.firstName) ?? null,
    lastName: readAnswer(Text, answers.lastName) ?? null,
    dateOfBirth: readAnswer(Day, answers.dateOfBirth) ?? null,
    postalCode: address?.postalCode ?? null,
    addressLine1: address?.line1 ?? null,
  };
}

/** The policyholder's disclosed e-mail address, if any. */
export function findPolicyholderEmail(data: Pick<ProposalData, 'insuredProfiles'>): string | null {
  return readAnswer(Email, policyholderOf(data)?.data.email) ?? null;
}
