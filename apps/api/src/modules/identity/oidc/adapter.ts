import { and, eq } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../../db/client';
import { oidcPayloads } from '../tables';

// oidc-provider keeps its own time (exp, iat) from the system clock, so expiry here does too:
// the app's Clock cannot move what the provider checks.
const now = () => new Date();

/**
 * oidc-provider's storage in one table (`oidc_payloads`), keyed by (id, kind): sessions, grants,
 * interactions, authorization codes, refresh tokens... Every process reads the same rows, so a
 * sign-in started on one instance finishes on another.
 */
export function createDatabaseAdapter(db: Db) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const row = {
        id,
        kind: this.kind,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayloads.id, oidcPayloads.kind],
          set: {
            payload: row.payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            expiresAt: row.expiresAt,
          },
        });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), condition))
        .limit(1);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= now().getTime()) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: now() })
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.kind, this.kind)));
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.kind, this.kind)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}
