// Test helpers: access tokens as the embedded provider would issue them, signed with the
// database's `oidc` key, so API suites can call routes as a customer or an admin.
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import type { App } from '../../app-types';
import { IMPERSONATE_CLAIM } from './tokens';

export type TestTokenOptions = {
  userId?: string;
  roles?: string[];
  permissions?: string[];
  impersonate?: string;
  /** Seconds from the app clock's now; default 300. */
  expiresIn?: number;
  audience?: string;
  issuer?: string;
  extraClaims?: JWTPayload;
};

export async function createTestAccessToken(app: App, options: TestTokenOptions = {}) {
  const [key] = await app.tokens.oidcKeys.getPrivateKeys();
  if (!key) throw new Error('no oidc key');
  const now = Math.floor(app.clock.now().getTime() / 1000);
  const identity = app.config.identity;
  const claims: JWTPayload = {
    [identity.rolesClaim]: options.roles ?? [],
    [identity.permissionsClaim]: options.permissions ?? [],
    ...options.extraClaims,
  };
  if (options.impersonate) claims[IMPERSONATE_CLAIM] = options.impersonate;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(options.issuer ?? identity.issuer)
    .setAudience(options.audience ?? identity.audience)
    .setSubject(options.userId ?? randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 300))
    .setJti(randomUUID())
    .sign(await importJWK(key, 'ES256'));
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
