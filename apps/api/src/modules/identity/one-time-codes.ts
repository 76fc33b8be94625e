import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { oneTimeCodes } from '../../db/schema';
import { AppError } from '../../errors';
import type { Connection } from './users';
import { hitRateLimit } from './rate-limit';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 30 * 1000;
/** Codes sent to one address, and asked for by one client, per hour. */
export const CODES_PER_ADDRESS_PER_HOUR = 5;
export const CODES_PER_CLIENT_PER_HOUR = 20;
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
  clientKey: string;
}): Promise<{ code: string; expiresAt: Date }> {
  const { db, clock, connection, recipient, clientKey } = options;
  const now = clock.now();
  const [latest] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.connection, connection), eq(oneTimeCodes.recipient, recipient)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (latest && now.getTime() - latest.createdAt.getTime() < RESEND_COOLDOWN_MS) {
    throw new AppError('RATE_LIMITED', 'Please wait a few seconds before asking for a new code.');
  }
  for (const [key, limit] of [
    [`otp:address:${connection}:${recipient}`, CODES_PER_ADDRESS_PER_HOUR],
    [`otp:client:${clientKey}`, CODES_PER_CLIENT_PER_HOUR],
  ] as const) {
    const hit = await hitRateLimit({ db, key, limit, windowMs: HOUR_MS, now });
    if (!hit.isAllowed) {
      throw new AppError('RATE_LIMITED', 'Too many codes asked for. Please try again later.');
    }
  }
  // Only the newest code counts: older ones are closed.
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.connection, connection),
        eq(oneTimeCodes.recipient, recipient),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
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
}): Promise<boolean> {
  const { db, clock, connection, recipient } = options;
  const now = clock.now();
  const [attempt] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.connection, connection),
        eq(oneTimeCodes.recipient, recipient),
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
