import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users, type MarketingPreferences } from './tables';
import { findRow } from '../../db/rows';

export type User = typeof users.$inferSelect;
export type Connection = 'email' | 'sms';

const UNKNOWN_USERNAME = 'Unknown';

export async function findUserById(db: Db, userId: string): Promise<User | null> {
  return findRow(db, users, eq(users.userId, userId));
}

/** A user id, or the id of the user with this e-mail address; null when nobody matches. */
export async function resolveUserId(db: Db, idOrEmail: string): Promise<string | null> {
  const value = idOrEmail.trim();
  const [row] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(value.includes('@') ? eq(users.email, value.toLowerCase()) : eq(users.userId, value))
    .limit(1);
  return row?.userId ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  return findRow(db, users, eq(users.email, email.trim().toLowerCase()));
}

/**
 * Who signs in with this address or number, once its code was entered: the account, created on
 * first sign-in; or, for a number that an account holds but nobody has proved (typed on a quote
 * and copied at bind), that account to link — its owner confirms by e-mail code first
 * (`confirmPhoneLink`), so a mistyped number never opens someone else's policies.
 */
type SignInTarget = { db: Db; clock: Clock; connection: Connection; recipient: string };
export async function findOrCreateUser(
  options: SignInTarget & { connection: 'email' },
): Promise<{ user: User }>;
export async function findOrCreateUser(
  options: SignInTarget,
): Promise<{ user: User } | { linkTo: User & { email: string } }>;
export async function findOrCreateUser(
  options: SignInTarget,
): Promise<{ user: User } | { linkTo: User & { email: string } }> {
  const { db, clock, connection, recipient } = options;
  const column = connection === 'email' ? users.email : users.phone;
  const existing = await findRow(db, users, eq(column, recipient));
  if (existing) {
    if (connection === 'email' || existing.phoneVerifiedAt) return { user: existing };
    if (existing.email) return { linkTo: { ...existing, email: existing.email } };
    // Unreachable today (only an e-mail account gets a number from a quote): proved now.
    return { user: await markPhoneVerified(db, clock, existing.userId, recipient) };
  }
  const now = clock.now();
  await db
    .insert(users)
    .values({
      userId: randomUUID(),
      connection,
      username: recipient || UNKNOWN_USERNAME,
      email: connection === 'email' ? recipient : null,
      phone: connection === 'sms' ? recipient : null,
      phoneVerifiedAt: connection === 'sms' ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const created = await findRow(db, users, eq(column, recipient));
  if (!created) throw new Error('user could not be created');
  return { user: created };
}

async function markPhoneVerified(
  db: Db,
  clock: Clock,
  userId: string,
  phone: string,
): Promise<User> {
  const now = clock.now();
  const [updated] = await db
    .update(users)
    .set({ phoneVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.userId, userId), eq(users.phone, phone)))
    .returning();
  if (!updated) throw new Error('the number is no longer on this account');
  return updated;
}

/**
 * The owner of the account holding `phone` confirmed with their e-mail code: the number is
 * theirs to sign in with from now on. Null when no e-mail account holds that number unproved.
 */
export async function confirmPhoneLink(options: {
  db: Db;
  clock: Clock;
  phone: string;
}): Promise<User | null> {
  const { db, clock, phone } = options;
  const holder = await findPhoneLinkHolder(db, phone);
  return holder ? markPhoneVerified(db, clock, holder.userId, phone) : null;
}

/** The e-mail account holding `phone` unproved, if any: whose owner may link it. */
export async function findPhoneLinkHolder(
  db: Db,
  phone: string,
): Promise<(User & { email: string }) | null> {
  const holder = await findRow(db, users, eq(users.phone, phone));
  if (!holder?.email || holder.phoneVerifiedAt) return null;
  return { ...holder, email: holder.email };
}

/** The row of a user signed in through an external issuer (username 'Unknown' until known). */
export async function createExternalUser(options: {
  db: Db;
  clock: Clock;
  userId: string;
}): Promise<User | null> {
  const { db, clock, userId } = options;
  const now = clock.now();
  await db
    .insert(users)
    .values({
      userId,
      connection: 'external',
      username: UNKNOWN_USERNAME,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.userId });
  return findUserById(db, userId);
}

/** Creates a staff account or adds roles/permissions to an existing one (by e-mail). */
export async function upsertStaffUser(options: {
  db: Db;
  clock: Clock;
  email: string;
  permissions: string[];
  firstName?: string | null;
  lastName?: string | null;
}): Promise<User> {
  const { db, clock } = options;
  const email = options.email.trim().toLowerCase();
  const { user } = await findOrCreateUser({ db, clock, connection: 'email', recipient: email });
  const roles = [...new Set([...user.roles, 'admin'])];
  const permissions = [...new Set([...user.permissions, ...options.permissions])];
  const [updated] = await db
    .update(users)
    .set({
      roles,
      permissions,
      firstName: options.firstName ?? user.firstName,
      lastName: options.lastName ?? user.lastName,
      updatedAt: clock.now(),
    })
    .where(eq(users.userId, user.userId))
    .returning();
  if (!updated) throw new Error('staff user vanished');
  return updated;
}

export async function updateUserSettings(options: {
  db: Db;
  clock: Clock;
  userId: string;
  changes: {
    email?: string;
    firstName?: string | null;
    lastName?: string | null;
    marketingPreferences?: MarketingPreferences;
  };
}): Promise<User | null> {
  const { db, clock, userId, changes } = options;
  const now = clock.now();
  // Chosen here, the preferences are the customer's: a later bind no longer copies the quote's.
  const chosen = changes.marketingPreferences ? { marketingPreferencesSetAt: now } : {};
  const [updated] = await db
    .update(users)
    .set({ ...changes, ...chosen, updatedAt: now })
    .where(eq(users.userId, userId))
    .returning();
  return updated ?? null;
}

/** Everyone with the admin role. */
export async function listStaffUsers(db: Db): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(sql`${users.roles} @> '["admin"]'::jsonb`)
    .orderBy(users.email);
}

/** The demo admin of the seeded data (README): signs in with a code sent to this address. */
const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** Creates the demo admin when missing; an existing account is left as an operator left it. */
export async function seedDemoAdmin(db: Db, clock: Clock): Promise<void> {
  if (await findUserByEmail(db, DEMO_ADMIN_EMAIL)) return;
  await upsertStaffUser({
    db,
    clock,
    email: DEMO_ADMIN_EMAIL,
    permissions: [
      'access:impersonate',
      'action:mta-claims',
      'access:audit',
      'access:chat',
      // Moves the clock at /admin/clock (README's demo); refused in production whoever holds it.
      'action:move-clock',
      'access:operations',
      'action:reinstate',
    ],
    firstName: 'Demo',
    lastName: 'Admin',
  });
}

/** The name and contact details of these users (those that exist), for staff screens. */
export async function listUserContacts(
  db: Db,
  userIds: readonly string[],
): Promise<
  {
    userId: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
  }[]
> {
  return db
    .select({
      userId: users.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(inArray(users.userId, [...userIds]));
}
