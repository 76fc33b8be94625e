import type { Db } from '../../db/client';
import { buildIdentitySubject, findProposalByReference } from '../proposal';

const normalisePostcode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * The live proposal of that brand with this external reference whose policyholder has this
 * date of birth (YYYY-MM-DD) and postcode; null when any of them does not match.
 */
export async function findProposalForBackBook(
  db: Db,
  query: { externalReference: string; dateOfBirth: string; postalCode: string; brand: string },
): Promise<{ proposalCode: string; ownerUserId: string } | null> {
  const row = await findProposalByReference(db, query);
  if (!row) return null;
  const subject = buildIdentitySubject(row.data);
  const isMatch =
    subject.dateOfBirth === query.dateOfBirth &&
    subject.postalCode !== null &&
    normalisePostcode(subject.postalCode) === normalisePostcode(query.postalCode);
  return isMatch ? { proposalCode: row.proposalCode, ownerUserId: row.ownerUserId } : null;
}
