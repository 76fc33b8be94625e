import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Quote } from '@motor/domain';
import type { Db } from '../../db/client';
import { findRow } from '../../db/rows';
import { claims } from './tables';
import { listPolicyVersions } from '../policy';

export type ClaimRow = typeof claims.$inferSelect;
type NewClaim = Omit<typeof claims.$inferInsert, 'claimReference'>;

/** The claims of a policy, the latest incident first. */
export async function listClaimsOfPolicy(db: Db, policyId: string): Promise<ClaimRow[]> {
  return db
    .select()
    .from(claims)
    .where(eq(claims.policyId, policyId))
    .orderBy(desc(claims.occurredDate), asc(claims.createdAt));
}

export async function findClaim(db: Db, claimReference: string): Promise<ClaimRow | null> {
  return findRow(db, claims, eq(claims.claimReference, claimReference));
}

/** CLM- and the next number of the claims sequence, 8 digits. */
async function drawClaimReference(db: Db): Promise<string> {
  const drawn = await db.execute<{ value: string }>(
    sql`select nextval('claim_reference_seq') as value`,
  );
  // node-postgres and PGlite both answer `execute` with `{ rows }`.
  const value = (drawn as { rows?: { value?: string | number }[] }).rows?.[0]?.value;
  if (value === undefined) throw new Error('nextval answered nothing');
  return `CLM-${String(value).padStart(8, '0')}`;
}

export async function insertClaim(db: Db, values: NewClaim): Promise<ClaimRow> {
  const claimReference = await drawClaimReference(db);
  const [row] = await db
    .insert(claims)
    .values({ ...values, claimReference })
    .returning();
  if (!row) throw new Error('The claim was not inserted');
  return row;
}

export async function updateClaim(
  db: Db,
  claimReference: string,
  changes: Partial<Pick<ClaimRow, 'claimType' | 'status' | 'insuredName' | 'occurredDate'>> &
    Pick<ClaimRow, 'updatedBy' | 'updatedAt'>,
): Promise<ClaimRow> {
  const [row] = await db
    .update(claims)
    .set(changes)
    .where(eq(claims.claimReference, claimReference))
    .returning();
  if (!row) throw new Error(`Claim ${claimReference} vanished`);
  return row;
}

/** The policyholder's name on the policy's latest version ('' when the quote has none). */
export async function findPolicyholderName(db: Db, policyId: string): Promise<string> {
  const versions = await listPolicyVersions(db, policyId);
  const quote = versions.at(-1)?.quote as Partial<Quote> | undefined;
  const profile = quote?.insuredProfiles?.find((item) => item.policyholder);
  const data = (profile?.data ?? {}) as Record<string, unknown>;
  return [data.firstName, data.lastName]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' ');
}
