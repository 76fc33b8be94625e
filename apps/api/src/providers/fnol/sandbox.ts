import { randomBytes } from 'node:crypto';
import { createMemorySandboxStore, type SandboxStore } from '../card-payments/sandbox-store';
import type { FnolLinkRequest, FnolPolicy, FnolProvider } from './types';

// The sandbox FNOL provider: what Axitech's hosted claim page is for the real adapter. A link is
// an unguessable token for one claim on one policy, kept in the sandbox store (the app connects a
// database-backed one, so any process serves the page); the page itself (GET/POST
// /sandbox/fnol/{token}) is served by the claim module, which records the claim.

const KIND = 'fnol-session';
/** How long a claim link stays open. */
const LINK_LIFETIME_MS = 60 * 60 * 1000;

/** A claim link as the sandbox keeps it: what it was asked for, its token and lifetime, its claim. */
export type SandboxFnolSession = Omit<FnolLinkRequest, 'policy' | 'now'> & {
  token: string;
  /** Without the policyholder's name: the page reads it from the policy when it needs it. */
  policy: Omit<FnolPolicy, 'insuredName'>;
  createdAt: string;
  expiresAt: string;
  /** Set once the customer submitted the claim: the link is then closed. */
  claimReference: string | null;
};

export type SandboxFnol = FnolProvider & {
  connectStore(store: SandboxStore): void;
  /** The open session of a token, or null (unknown, expired or already used). */
  findOpenSession(token: string, now: Date): Promise<SandboxFnolSession | null>;
  /** Closes the link after the claim was recorded. */
  closeSession(token: string, claimReference: string): Promise<void>;
};

export function createSandboxFnol(): SandboxFnol {
  let store = createMemorySandboxStore();
  return {
    adapter: 'sandbox',
    connectStore(next) {
      store = next;
    },
    async createLink(request: FnolLinkRequest) {
      const token = `fnol_sandbox_${randomBytes(24).toString('base64url')}`;
      const session: SandboxFnolSession = {
        token,
        policy: {
          policyId: request.policy.policyId,
          policyNumber: request.policy.policyNumber,
          schemeCode: request.policy.schemeCode,
        },
        callbackUrl: request.callbackUrl,
        privacyPolicyUrl: request.privacyPolicyUrl,
        telephone: request.telephone,
        email: request.email,
        customerReference: request.customerReference,
        actorReference: request.actorReference,
        createdAt: request.now.toISOString(),
        expiresAt: new Date(request.now.getTime() + LINK_LIFETIME_MS).toISOString(),
        claimReference: null,
      };
      await store.put(KIND, token, session);
      return { url: `/sandbox/fnol/${token}` };
    },
    async findOpenSession(token, now) {
      const session = await store.get<SandboxFnolSession>(KIND, token);
      if (!session || session.claimReference !== null) return null;
      if (Date.parse(session.expiresAt) <= now.getTime()) return null;
      return session;
    },
    async closeSession(token, claimReference) {
      const session = await store.get<SandboxFnolSession>(KIND, token);
      if (session) await store.put(KIND, token, { ...session, claimReference });
    },
  };
}
