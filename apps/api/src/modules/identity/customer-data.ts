import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ERASED } from '../../personal-data';
import { oidcPayloads, oneTimeCodes, rateLimitCounters, users } from './tables';
import type { User } from './users';

// The identity module's part of a customer's data export and erasure (decision 018).

/**
 * The account and its marketing preferences. The users row holds no secret (codes and tokens live
 * elsewhere, hashed or signed).
 */
export function exportAccount(user: User | null) {
  return {
    account: user
      ? {
          userId: user.userId,
          connection: user.connection,
          username: user.username,
          email: user.email,
          phone: user.phone,
          phoneVerifiedAt: user.phoneVerifiedAt,
          firstName: user.firstName,
          lastName: user.lastName,
          roles: user.roles,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        }
      : null,
    marketingPreferences: user
      ? { ...user.marketingPreferences, setAt: user.marketingPreferencesSetAt }
      : null,
  };
}

/** Locks the account row: two erasures (or an erasure and a sign-in) queue. False: no such user. */
export async function lockUserForErasure(tx: Db, userId: string): Promise<boolean> {
  const [locked] = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(eq(users.userId, userId))
    .for('update');
  return locked !== undefined;
}

/**
 * The account's names, contacts and permissions go and it is disabled: it signs in no more, its
 * tokens are refused. Erasing again keeps the first erasure's times.
 */
export async function eraseUser(tx: Db, user: User, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      username: ERASED,
      email: null,
      phone: null,
      phoneVerifiedAt: null,
      firstName: null,
      lastName: null,
      marketingPreferences: { email: false, phone: false, sms: false },
      permissions: [],
      disabledAt: user.disabledAt ?? at,
      erasedAt: user.erasedAt ?? at,
      updatedAt: at,
    })
    .where(eq(users.userId, user.userId));
}

/**
 * One-time codes and rate-limit counters for the customer's contacts, and the embedded
 * provider's sessions, grants, codes and refresh tokens: sign-in ends.
 */
export async function eraseSignIns(
  tx: Db,
  subject: { userId: string; contacts: string[] },
): Promise<void> {
  const { userId, contacts } = subject;
  await tx.delete(oneTimeCodes).where(inArray(oneTimeCodes.recipient, contacts));
  for (const contact of contacts) {
    // Counters are keyed by what and who (`otp:address:email:<address>`).
    await tx.delete(rateLimitCounters).where(sql`strpos(${rateLimitCounters.key}, ${contact}) > 0`);
  }
  await tx
    .delete(oidcPayloads)
    .where(
      sql`${oidcPayloads.payload} ->> 'accountId' = ${userId} or ${oidcPayloads.grantId} in (select ${oidcPayloads.id} from ${oidcPayloads} where ${oidcPayloads.kind} = 'Grant' and ${oidcPayloads.payload} ->> 'accountId' = ${userId})`,
    );
}
