import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { oidcPayloads, users } from './tables';
import { AppError } from '../../errors';
import { ADMIN_ROLE, NOT_AUTHORISED_MESSAGE, PERMISSIONS, type Principal } from './principal';
import {
  loadSigningKeys,
  SIGNING_ALG,
  toPublicJwk,
  type KeyPurpose,
  type PrivateJwk,
} from './signing-keys';

/** Anonymous session tokens live one hour; the SPA refreshes them with POST /api/session. */
const ANONYMOUS_TOKEN_TTL_SECONDS = 60 * 60;
/** Only asymmetric algorithms: never `none`, never HS* (which a public key could forge). */
const ALLOWED_ALGS = ['ES256', 'RS256', 'PS256', 'EdDSA'];
/**
 * How an admin names the customer they act for (see docs/decisions/006-identity.md): the
 * X-Impersonate-User request header, or this claim when an external issuer puts it in the token.
 * Honoured only for admins with access:impersonate; anybody else asking gets 403.
 */
export const IMPERSONATE_CLAIM = 'impersonate';
export const IMPERSONATE_HEADER = 'x-impersonate-user';
const PROPOSAL_SCOPE_CLAIM = 'proposal_scope';
/**
 * The embedded provider's grant an access token was issued under (extraTokenClaims). Sign-out
 * and refresh-token revocation (or reuse) destroy the grant: its access tokens stop at once.
 */
export const GRANT_CLAIM = 'grant_id';
const TOKEN_KIND_CLAIM = 'token_kind';

export type VerifiedAccessToken = { payload: JWTPayload; principal: Principal };

/**
 * A set of keys read from the database, re-read when a token names an unknown kid: at most once
 * per KEY_RELOAD_INTERVAL_MS, so forged tokens with made-up kids cannot cost a query each
 * (issue 21 item 8). A key rotated in by another process is still picked up within that time.
 */
export const KEY_RELOAD_INTERVAL_MS = 30_000;

class DatabaseKeyRing {
  private keys: Promise<PrivateJwk[]> | undefined;
  private lastReloadAt = Number.NEGATIVE_INFINITY;
  // One JWK set per key list: jose caches the imported keys inside it, so verifying a token
  // does not re-import the public key on every request (that import dominated request time).
  private publicKeySet: Promise<JWTVerifyGetKey> | undefined;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly purpose: KeyPurpose,
  ) {}

  getPrivateKeys(): Promise<PrivateJwk[]> {
    if (!this.keys) {
      const loading = loadSigningKeys({ db: this.db, clock: this.clock, purpose: this.purpose });
      this.keys = loading;
      this.publicKeySet = loading.then((keys) =>
        createLocalJWKSet({ keys: keys.map(toPublicJwk) }),
      );
      loading.catch(() => {
        this.keys = undefined;
        this.publicKeySet = undefined;
      });
    }
    return this.keys;
  }

  private async getPublicKeySet(): Promise<JWTVerifyGetKey> {
    await this.getPrivateKeys();
    if (!this.publicKeySet) throw new Error('signing keys are not loaded');
    return this.publicKeySet;
  }

  /** For jwtVerify: picks the key by kid, reloading from the database on a miss. */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await (
        await this.getPublicKeySet()
      )(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      const now = this.clock.now().getTime();
      if (now - this.lastReloadAt < KEY_RELOAD_INTERVAL_MS) throw error;
      this.lastReloadAt = now;
      this.keys = undefined;
      return (await this.getPublicKeySet())(header, token);
    }
  };
}

function readStringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/**
 * Issues anonymous session tokens and turns any bearer token into a Principal: anonymous tokens
 * are ours (key `session` in the database); access tokens come from the configured issuer
 * (embedded: keys `oidc` in the database; external: its JWKS, found through discovery).
 */
/**
 * How long a process trusts its answer to "is this account disabled?" (an erased customer,
 * decision 018): the process that disables an account refuses its tokens at once
 * (`refuseUser`), the others within this time — well inside an access token's life.
 */
const DISABLED_CHECK_INTERVAL_MS = 30_000;

/**
 * How long a process trusts "this grant still exists": the process that ends it (sign-out,
 * revocation) refuses its tokens at once (`refuseGrant`), the others within this time.
 */
const GRANT_CHECK_INTERVAL_MS = 5_000;

/** How long a verified token is trusted without checking its signature again. */
const VERIFIED_CACHE_MS = 60_000;
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  readonly anonymousIssuer: string;
  private readonly sessionKeys: DatabaseKeyRing;
  readonly oidcKeys: DatabaseKeyRing;
  private remoteJwks: Promise<JWTVerifyGetKey> | undefined;
  /**
   * Tokens whose signature, issuer and audience verified lately, by token: verifying an ES256
   * signature costs more than the rest of a small request. An entry is used for at most
   * VERIFIED_CACHE_MS, and the time claims (exp, nbf) are checked again on every use.
   */
  private readonly verified = new Map<
    string,
    { payload: JWTPayload; kind: 'anonymous' | 'issuer'; at: number }
  >();

  /** Whether a signed-in user's account is disabled, as last read, by user id. */
  private readonly accountChecks = new Map<string, { isDisabled: boolean; at: number }>();

  /** Grants last found alive (by id, when), and those this process saw end. */
  private readonly liveGrants = new Map<string, number>();
  private readonly endedGrants = new Set<string>();

  constructor(
    private readonly options: {
      db: Db;
      clock: Clock;
      config: Pick<Config, 'publicUrl' | 'identity'>;
      fetch?: typeof fetch;
    },
  ) {
    this.anonymousIssuer = `${options.config.publicUrl}/api/session`;
    this.sessionKeys = new DatabaseKeyRing(options.db, options.clock, 'session');
    this.oidcKeys = new DatabaseKeyRing(options.db, options.clock, 'oidc');
  }

  private get identity() {
    return this.options.config.identity;
  }

  async issueAnonymousToken(options: {
    userId?: string;
    proposalScope?: string | null;
  }): Promise<{ accessToken: string; userId: string; expiresIn: number }> {
    const [key] = await this.sessionKeys.getPrivateKeys();
    if (!key) throw new Error('no session signing key');
    const userId = options.userId ?? randomUUID();
    const now = Math.floor(this.options.clock.now().getTime() / 1000);
    const claims: JWTPayload = { [TOKEN_KIND_CLAIM]: 'anonymous' };
    if (options.proposalScope) claims[PROPOSAL_SCOPE_CLAIM] = options.proposalScope;
    const accessToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(this.anonymousIssuer)
      .setAudience(this.identity.audience)
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + ANONYMOUS_TOKEN_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(await importJWK(key, SIGNING_ALG));
    return { accessToken, userId, expiresIn: ANONYMOUS_TOKEN_TTL_SECONDS };
  }

  private async getIssuerKey(): Promise<JWTVerifyGetKey> {
    if (this.identity.isEmbedded) return this.oidcKeys.getKey;
    this.remoteJwks ??= (async () => {
      const fetchImpl = this.options.fetch ?? fetch;
      const response = await fetchImpl(`${this.identity.issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`OIDC discovery answered ${response.status}`);
      const discovery = (await response.json()) as { jwks_uri?: string };
      if (!discovery.jwks_uri) throw new Error('OIDC discovery has no jwks_uri');
      return createRemoteJWKSet(new URL(discovery.jwks_uri));
    })();
    this.remoteJwks.catch(() => (this.remoteJwks = undefined));
    return this.remoteJwks;
  }

  /**
   * Verifies signature, alg, iss, aud and exp. Returns null for a token that does not verify
   * (the caller is then nobody); throws FORBIDDEN for a valid token asking for what its holder
   * may not have (impersonation without access:impersonate).
   */
  async verifyAccessToken(
    token: string,
    options: { impersonateUserId?: string | null } = {},
  ): Promise<VerifiedAccessToken | null> {
    const currentDate = this.options.clock.now();
    const cached = this.verified.get(token);
    if (cached) {
      const seconds = currentDate.getTime() / 1000;
      const { exp, nbf } = cached.payload;
      const isFresh =
        currentDate.getTime() - cached.at < VERIFIED_CACHE_MS &&
        currentDate.getTime() >= cached.at &&
        typeof exp === 'number' &&
        exp > seconds &&
        (typeof nbf !== 'number' || nbf <= seconds);
      if (isFresh) return this.toEnabledVerified(cached.kind, cached.payload, options);
      this.verified.delete(token);
    }
    const verified = await this.verifyUncached(token, currentDate);
    if (!verified) return null;
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { ...verified, at: currentDate.getTime() });
    return this.toEnabledVerified(verified.kind, verified.payload, options);
  }

  /** From now on this process refuses every token of this user (the account was disabled). */
  refuseUser(userId: string): void {
    this.accountChecks.set(userId, {
      isDisabled: true,
      at: this.options.clock.now().getTime(),
    });
  }

  /** From now on this process refuses every access token of this grant (it was revoked). */
  refuseGrant(grantId: string): void {
    this.liveGrants.delete(grantId);
    if (this.endedGrants.size >= VERIFIED_CACHE_SIZE) this.endedGrants.clear();
    this.endedGrants.add(grantId);
  }

  /**
   * A token of the embedded provider names its grant: once sign-out or a revocation destroyed
   * it, the token is refused though it has not expired (issue 31 item 11). Tokens of an external
   * issuer carry no such claim and live their (short) life.
   */
  private async isGrantEnded(payload: JWTPayload): Promise<boolean> {
    const grantId = payload[GRANT_CLAIM];
    if (typeof grantId !== 'string' || !this.identity.isEmbedded) return false;
    if (this.endedGrants.has(grantId)) return true;
    const now = Date.now();
    const checkedAt = this.liveGrants.get(grantId);
    if (checkedAt !== undefined && now >= checkedAt && now - checkedAt < GRANT_CHECK_INTERVAL_MS) {
      return false;
    }
    // The provider keeps its own time (oidc/adapter.ts): the grant's expiry is system time too.
    const [row] = await this.options.db
      .select({ expiresAt: oidcPayloads.expiresAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, 'Grant'), eq(oidcPayloads.id, grantId)))
      .limit(1);
    const isAlive = row !== undefined && (!row.expiresAt || row.expiresAt.getTime() > now);
    if (!isAlive) {
      this.refuseGrant(grantId);
      return true;
    }
    this.liveGrants.delete(grantId);
    if (this.liveGrants.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.liveGrants.keys().next();
      if (!oldest.done) this.liveGrants.delete(oldest.value);
    }
    this.liveGrants.set(grantId, now);
    return false;
  }

  /** A signed-in user's token is refused once their account is disabled (erased). */
  private async toEnabledVerified(
    kind: 'anonymous' | 'issuer',
    payload: JWTPayload,
    options: { impersonateUserId?: string | null },
  ): Promise<VerifiedAccessToken | null> {
    const verified = this.toVerified(kind, payload, options);
    if (
      !verified ||
      verified.principal.kind === 'anonymous' ||
      verified.principal.kind === 'none'
    ) {
      return verified;
    }
    if (await this.isGrantEnded(payload)) return null;
    return (await this.isUserDisabled(verified.principal.userId)) ? null : verified;
  }

  private async isUserDisabled(userId: string): Promise<boolean> {
    const now = this.options.clock.now().getTime();
    const known = this.accountChecks.get(userId);
    if (known && now >= known.at && now - known.at < DISABLED_CHECK_INTERVAL_MS) {
      return known.isDisabled;
    }
    const [row] = await this.options.db
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.userId, userId))
      .limit(1);
    const isDisabled = Boolean(row?.disabledAt);
    this.accountChecks.delete(userId);
    if (this.accountChecks.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.accountChecks.keys().next();
      if (!oldest.done) this.accountChecks.delete(oldest.value);
    }
    this.accountChecks.set(userId, { isDisabled, at: now });
    return isDisabled;
  }

  private toVerified(
    kind: 'anonymous' | 'issuer',
    payload: JWTPayload,
    options: { impersonateUserId?: string | null },
  ): VerifiedAccessToken | null {
    if (kind === 'issuer') {
      return { payload, principal: this.toPrincipal(payload, options.impersonateUserId ?? null) };
    }
    if (payload[TOKEN_KIND_CLAIM] !== 'anonymous' || !payload.sub) return null;
    const scope = payload[PROPOSAL_SCOPE_CLAIM];
    return {
      payload,
      principal: {
        kind: 'anonymous',
        userId: payload.sub,
        proposalScope: typeof scope === 'string' ? scope : null,
      },
    };
  }

  /** Signature, alg, iss, aud and exp, without the cache. */
  private async verifyUncached(
    token: string,
    currentDate: Date,
  ): Promise<{ payload: JWTPayload; kind: 'anonymous' | 'issuer' } | null> {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      return null;
    }
    const common = { audience: this.identity.audience, algorithms: ALLOWED_ALGS, currentDate };
    try {
      if (issuer === this.anonymousIssuer) {
        const { payload } = await jwtVerify(token, this.sessionKeys.getKey, {
          ...common,
          issuer: this.anonymousIssuer,
          requiredClaims: ['sub', 'exp'],
        });
        return { payload, kind: 'anonymous' };
      }
      if (issuer !== this.identity.issuer) return null;
      const { payload } = await jwtVerify(token, await this.getIssuerKey(), {
        ...common,
        issuer: this.identity.issuer,
        requiredClaims: ['sub', 'exp'],
      });
      return { payload, kind: 'issuer' };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  private toPrincipal(payload: JWTPayload, impersonateHeader: string | null): Principal {
    const userId = payload.sub as string;
    const roles = readStringList(payload[this.identity.rolesClaim]);
    const permissions = readStringList(payload[this.identity.permissionsClaim]);
    const impersonate = payload[IMPERSONATE_CLAIM];
    const actingForUserId =
      impersonateHeader ?? (typeof impersonate === 'string' && impersonate ? impersonate : null);
    if (!roles.includes(ADMIN_ROLE)) {
      if (actingForUserId) throw new AppError('FORBIDDEN', NOT_AUTHORISED_MESSAGE);
      return { kind: 'customer', userId, permissions };
    }
    if (actingForUserId && !permissions.includes(PERMISSIONS.impersonate)) {
      throw new AppError('FORBIDDEN', NOT_AUTHORISED_MESSAGE, {
        permission: PERMISSIONS.impersonate,
      });
    }
    return { kind: 'admin', userId, actingForUserId, permissions };
  }
}
