// The identity module's public face: who is calling (principals), users (the staff the CLI keeps
// and the demo admin the seed makes), signing keys and filling the policyholder's account from a
// bought quote. Routes are mounted by app.ts.
export {
  ADMIN_ONLY,
  canAccessProposal,
  CUSTOMER_ONLY,
  findActorUserId,
  getOwnerUserId,
  NOT_AUTHORISED_MESSAGE,
  PERMISSIONS,
  requirePermission,
  SIGN_IN_REQUIRED_MESSAGE,
  SIGNED_IN,
  staffWith,
  type Principal,
  type RouteAccess,
} from './principal';
export { loadSigningKeys, SIGNING_ALG, toPublicJwk } from './signing-keys';
export { fillPolicyholderFromProposal } from './policyholder-from-quote';
export { IMPERSONATE_HEADER, TokenService } from './tokens';
export { enforceRateLimits, MINUTE_MS, perClientAndSession } from './rate-limit';
export {
  findUserById,
  listStaffUsers,
  listUserContacts,
  resolveUserId,
  seedDemoAdmin,
  upsertStaffUser,
  type User,
} from './users';
// A customer's data export and erasure (decision 018).
export { eraseSignIns, eraseUser, exportAccount, lockUserForErasure } from './customer-data';
