import { AppError } from '../../errors';

/**
 * Who is calling, resolved once per request from the bearer token (plugins/app/authenticate.ts).
 * - anonymous: an anonymous session token (POST /api/session). `proposalScope` is set for a
 *   back-book token (POST /api/session/back-book): it reaches that one proposal and nothing else.
 * - customer: signed in through the identity provider.
 * - admin: staff (role `admin`); `actingForUserId` is the impersonated customer, if any.
 * - none: no token, or one that did not verify.
 */
export type Principal =
  | { kind: 'anonymous'; userId: string; proposalScope: string | null }
  | { kind: 'customer'; userId: string; permissions: string[] }
  | { kind: 'admin'; userId: string; actingForUserId: string | null; permissions: string[] }
  | { kind: 'none' };

/** What a route declares in `config.access`: who may call it. */
export type RouteAccess = 'public' | 'anonymous' | 'customer' | 'admin';

/** The usual `config.access` lists, named once for every module's routes. */
export const SIGNED_IN: readonly RouteAccess[] = ['customer', 'admin'];
export const ADMIN_ONLY: readonly RouteAccess[] = ['admin'];
export const CUSTOMER_ONLY: readonly RouteAccess[] = ['customer'];

export const PERMISSIONS = {
  /**
   * Find customers and read what we hold about them in the staff console, and act for them
   * (issue 31 item 3, decision 033).
   */
  impersonate: 'access:impersonate',
  mtaClaims: 'action:mta-claims',
  /** Erase a customer's personal data (GDPR, decision 018). */
  gdprErase: 'action:gdpr-erase',
  /** Read the audit trail of staff actions (issue 18). */
  audit: 'access:audit',
  /** Read and answer every customer's web chat (issue 18). */
  chat: 'access:chat',
  /**
   * Reinstate a policy cancelled for non-payment or by mistake within the product's window
   * (issue 35 item 3, decision 042).
   */
  reinstate: 'action:reinstate',
  /** Move the server's clock forward at /admin/clock; never in production (issue 30 item 8). */
  moveClock: 'action:move-clock',
  /**
   * The operations pages: jobs (read and run), payment reconciliation, the refunds queue and the
   * server's clock (issue 31 item 3, decision 033).
   */
  operations: 'access:operations',
} as const;

/** A permission staff may hold (PERMISSIONS' values). */
type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/**
 * The `config` of a route for staff holding `permission` (decision 033): any other admin is
 * refused 403 by plugins/app/authenticate.ts, naming the permission.
 */
export function staffWith(permission: Permission) {
  return { access: ADMIN_ONLY, permission };
}

/**
 * Lets through staff holding `permission` and refuses everyone else 403, naming it: the check of
 * a route that admits more callers than the holders (or of a service) for what only they may do.
 */
export function requirePermission(
  principal: Principal,
  permission: Permission,
): asserts principal is Extract<Principal, { kind: 'admin' }> {
  if (principal.kind !== 'admin' || !principal.permissions.includes(permission)) {
    throw new AppError('FORBIDDEN', NOT_AUTHORISED_MESSAGE, { permission });
  }
}

export const ADMIN_ROLE = 'admin';

export const NOT_AUTHORISED_MESSAGE = 'You are not authorised to perform this action.';
export const SIGN_IN_REQUIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/**
 * The user whose objects this caller reads and writes (admin → the impersonated customer);
 * throws AppError UNAUTHORIZED when nobody is signed in, FORBIDDEN for an admin who is not
 * acting for anyone.
 */
export function getOwnerUserId(principal: Principal): string {
  switch (principal.kind) {
    case 'anonymous':
    case 'customer':
      return principal.userId;
    case 'admin':
      if (principal.actingForUserId === null) {
        throw new AppError('FORBIDDEN', 'Choose a customer to act for first.');
      }
      return principal.actingForUserId;
    case 'none':
      throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
  }
}

/** The signed-in person (the admin themself when impersonating), for audit rows; null otherwise. */
export function findActorUserId(principal: Principal): string | null {
  return principal.kind === 'none' ? null : principal.userId;
}

/**
 * Whether the caller may read or write this proposal: its owner (or an admin acting for them),
 * or a back-book token scoped to exactly this proposal (and the proposals its own anonymous user
 * made). Answer 404 when false.
 */
export function canAccessProposal(
  principal: Principal,
  proposal: { proposalCode: string; ownerUserId: string },
): boolean {
  if (principal.kind === 'none') return false;
  if (principal.kind === 'anonymous' && principal.proposalScope !== null) {
    // A back-book token's own user is new and owns only what this tab created after the
    // retrieve (a new quote must work whatever token the tab holds, issue 13 item 7).
    return (
      principal.proposalScope === proposal.proposalCode || principal.userId === proposal.ownerUserId
    );
  }
  if (principal.kind === 'admin' && principal.actingForUserId === null) return false;
  return getOwnerUserId(principal) === proposal.ownerUserId;
}
