import { eq, sql, type SQL } from 'drizzle-orm';
import { MarketingPreferencesSchema } from '@motor/domain';
import { normalisePhone } from '@motor/forms';
import type { Db } from '../../db/client';
import { users } from './tables';

// Bind fills the customer's account from the quote they bought (issue 13): the name, the phone
// number and the marketing consent disclosed are not asked again. What the customer set in
// account settings wins: a name or phone already on the account stays, and preferences chosen
// there (marketingPreferencesSetAt) are not replaced by the quote's.

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Copies the policyholder's disclosed name, phone and marketing consent to the account of
 * `userId`, in the caller's transaction. A phone number another account signs in with is left
 * off (phone numbers are unique to an account).
 */
export async function fillPolicyholderFromQuote(
  db: Db,
  options: { userId: string; profile: Record<string, unknown>; now: Date },
): Promise<void> {
  const { profile } = options;
  const firstName = text(profile.firstName);
  const lastName = text(profile.lastName);
  const disclosedPhone = text(profile.phoneNumber);
  const phone = disclosedPhone ? normalisePhone(disclosedPhone) || null : null;
  const consent = MarketingPreferencesSchema.safeParse(profile.marketingPreferences);
  const changes: Partial<Record<'firstName' | 'lastName' | 'phone' | 'marketingPreferences', SQL>> =
    {};
  if (firstName) changes.firstName = sql`coalesce(${users.firstName}, ${firstName})`;
  if (lastName) changes.lastName = sql`coalesce(${users.lastName}, ${lastName})`;
  if (phone) {
    changes.phone = sql`case when ${users.phone} is null and not exists (
      select 1 from ${users} as other where other.phone = ${phone}
    ) then ${phone} else ${users.phone} end`;
  }
  if (consent.success) {
    const disclosed = JSON.stringify(consent.data);
    changes.marketingPreferences = sql`case when ${users.marketingPreferencesSetAt} is null
      then ${disclosed}::jsonb else ${users.marketingPreferences} end`;
  }
  if (Object.keys(changes).length === 0) return;
  await db
    .update(users)
    .set({ ...changes, updatedAt: options.now })
    .where(eq(users.userId, options.userId));
}

/** Bind's step: the proposal's policyholder, when it names one, fills its owner's account. */
export async function fillPolicyholderFromProposal(
  db: Db,
  options: {
    proposal: {
      ownerUserId: string;
      data: { insuredProfiles: { policyholder: boolean; data: Record<string, unknown> }[] };
    };
    now: Date;
  },
): Promise<void> {
  const { proposal, now } = options;
  const policyholder = proposal.data.insuredProfiles.find((profile) => profile.policyholder);
  if (!policyholder) return;
  await fillPolicyholderFromQuote(db, {
    userId: proposal.ownerUserId,
    profile: policyholder.data,
    now,
  });
}
