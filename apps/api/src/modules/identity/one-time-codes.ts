import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { oneTimeCodes } from './tables';
import { AppError } from '../../errors';
import type { Connection } from './users';
import { hitRateLimit } from './rate-limit';

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
const RESEND_COOLDOWN_MS = 30 * 1000;

/**
 * Codes per hour. A stranger can use up only their own share of an address's codes (per
 * address and client); the per-address ceiling bounds guesses from many clients together
 * (at most MAX_CODE_ATTEMPTS each). Numbers chosen in config.ts (identity.signInCodeLimits).
 */
export type SignInCodeLimits = {
  perAddressAndClient: number;
  perAddress: number;
  perClient: number;
};
export const WRONG_CODE_MESSAGE = 'Wrong email or verification code';

const HOUR_MS = 60 * 60 * 1000;

// The code is salted with the row id, so equal codes do not give equal hashes. Six digits are
// few enough to brute-force a hash offline: what protects a code is the 5-attempt limit and the
// 10-minute life, and the table never leaving the database.
function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/** A lower-cased e-mail address, or a UK/E.164 phone number as E.164; null when neither. */
export function normaliseRecipient(
  input: string,
): { connection: Connection; recipient: string } | null {
  const value = input.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    return { connection: 'email', recipient: value.toLowerCase() };
  }
  const digits = value.replace(/[\s()-]/g, '');
  if (/^07\d{9}$/.test(digits)) return { connection: 'sms', recipient: `+44${digits.slice(1)}` };
  if (/^\+[1-9]\d{7,14}$/.test(digits)) return { connection: 'sms', recipient: digits };
  return null;
}

/**
 * Makes a new 6-digit code for the address (the previous one stops working) and returns it for
 * the caller to send. RATE_LIMITED within the resend cooldown, or over the hourly limits per
 * address and per client.
 */
export async function createOneTimeCode(options: {
  db: Db;
  clock: Clock;
  connection: Connection;
  recipient: string;
  /** The requesting client (its address): whose share of the limits this is. */
  clientKey: string;
  /** The sign-in that asks: only it may use the code. */
  interactionId: string;
  limits: SignInCodeLimits;
}): Promise<{ code: string; expiresAt: Date }> {
  const { db, clock, connection, recipient, clientKey, interactionId, limits } = options;
  const now = clock.now();
  const ownCodes = and(
    eq(oneTimeCodes.connection, connection),
    eq(oneTimeCodes.recipient, recipient),
    eq(oneTimeCodes.interactionId, interactionId),
  );
  const [latest] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(ownCodes)
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (latest && now.getTime() - latest.createdAt.getTime() < RESEND_COOLDOWN_MS) {
    throw new AppError('RATE_LIMITED', 'Please wait a few seconds before asking for a new code.');
  }
  for (const [key, limit] of [
    [`otp:address-client:${connection}:${recipient}:${clientKey}`, limits.perAddressAndClient],
    [`otp:client:${clientKey}`, limits.perClient],
    [`otp:address:${connection}:${recipient}`, limits.perAddress],
  ] as const) {
    const hit = await hitRateLimit({ db, key, limit, windowMs: HOUR_MS, now });
    if (!hit.isAllowed) {
      throw new AppError('RATE_LIMITED', 'Too many codes asked for. Please try again later.');
    }
  }
  // Only this sign-in's newest code counts: its older ones are closed (not other sign-ins').
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(ownCodes, isNull(oneTimeCodes.consumedAt)));
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await db.insert(oneTimeCodes).values({
    id,
    connection,
    recipient,
    codeHash: hashCode(id, code),
    createdAt: now,
    expiresAt,
    interactionId,
  });
  return { code, expiresAt };
}

/**
 * True when `code` is the live code for the address. Each try counts, right or wrong; after
 * MAX_CODE_ATTEMPTS tries the code is dead, so the 6th try is refused even with the right code.
 */
export async function verifyOneTimeCode(options: {
  db: Db;
  clock: Clock;
  connection: Connection;
  recipient: string;
  code: string;
  /** Only a code asked for by this sign-in is tried (and charged an attempt). */
  interactionId: string;
}): Promise<boolean> {
  const { db, clock, connection, recipient, interactionId } = options;
  const now = clock.now();
  const [attempt] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.connection, connection),
        eq(oneTimeCodes.recipient, recipient),
        eq(oneTimeCodes.interactionId, interactionId),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
        sql`${oneTimeCodes.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash });
  if (!attempt) return false;
  const expected = Buffer.from(attempt.codeHash, 'hex');
  const actual = Buffer.from(hashCode(attempt.id, options.code.trim()), 'hex');
  if (!timingSafeEqual(expected, actual)) return false;
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, attempt.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return consumed.length === 1;
}
