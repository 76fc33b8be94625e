import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { signingKeys } from './tables';

export type KeyPurpose = 'session' | 'oidc';

export const SIGNING_ALG = 'ES256';

/** A private JWK with kid, alg and use set: what jose signs with and oidc-provider's `jwks`. */
export type PrivateJwk = JWK & { kid: string; alg: string; use: 'sig' };

/** The public half of a private JWK (an EC key: drop `d`). */
export function toPublicJwk(jwk: PrivateJwk): PrivateJwk {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = jwk;
  return rest as PrivateJwk;
}

/**
 * The signing keys for a purpose, newest first, creating the first one when there is none.
 * Several processes may start at once: each tries to insert the key with the same kid
 * (`<purpose>-1`); one wins, and everyone reads back what the database holds.
 */
export async function loadSigningKeys(options: {
  db: Db;
  clock: Clock;
  purpose: KeyPurpose;
}): Promise<PrivateJwk[]> {
  const { db, clock, purpose } = options;
  const read = async () =>
    (
      await db
        .select()
        .from(signingKeys)
        .where(eq(signingKeys.purpose, purpose))
        .orderBy(signingKeys.createdAt)
    )
      .reverse()
      .map((row) => row.privateJwk as PrivateJwk);

  const existing = await read();
  if (existing.length > 0) return existing;

  const kid = `${purpose}-1`;
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk: PrivateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  await db
    .insert(signingKeys)
    .values({ kid, purpose, privateJwk: jwk, createdAt: clock.now() })
    .onConflictDoNothing({ target: signingKeys.kid });
  return read();
}
