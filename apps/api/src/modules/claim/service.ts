import { londonDateString, type Claim } from '@motor/domain';
import type {
  CreateClaimRequest,
  FnolLinkRequest,
  FnolLinkResponse,
  UpdateClaimRequest,
} from '@motor/contract';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { brandOfScheme } from '../brand';
import { recordAudit } from '../audit';
import {
  findActorUserId,
  getOwnerUserId,
  PERMISSIONS,
  requirePermission,
  type Principal,
} from '../identity';
import { derivePolicyStatus, findPolicyIdByNumber, getOwnPolicy, type PolicyRow } from '../policy';
import {
  findClaim,
  findPolicyholderName,
  insertClaim,
  listClaimsOfPolicy,
  updateClaim,
  type ClaimRow,
} from './repository';

// Claims on a policy (spec 3 §3, §6, §7): its owner (or staff acting for them) reads them; staff
// with action:mta-claims add and correct them; the customer claims online through the FNOL
// provider when the policy is ACTIVE and the brand has the axitechFnol feature.

const POLICY_NOT_FOUND_MESSAGE = 'We could not find that policy.';
const CLAIM_NOT_FOUND_MESSAGE = 'We could not find that claim.';
export const FUTURE_CLAIM_DATE_MESSAGE = 'The date must be today or in the past';

/** A claim is for something that has happened: its date is today or before, in London. */
function assertNotInFuture(occurredDate: string | undefined, now: Date): void {
  if (occurredDate === undefined || occurredDate <= londonDateString(now)) return;
  throw new AppError('VALIDATION_FAILED', FUTURE_CLAIM_DATE_MESSAGE, {
    fields: [{ in: 'body', path: 'occurredDate', message: FUTURE_CLAIM_DATE_MESSAGE }],
  });
}
const FNOL_NOT_ACTIVE_MESSAGE =
  'Online claims are only open for active policies. Please call us to make a claim.';
const FNOL_UNAVAILABLE_MESSAGE =
  'Online claims are not available for this policy. Please call us to make a claim.';

function toClaim(row: ClaimRow): Claim {
  return {
    claimReference: row.claimReference,
    claimType: row.claimType,
    status: row.status,
    insuredName: row.insuredName,
    occurredDate: row.occurredDate,
  };
}

/** The caller's own policy with this number (or the acted-for customer's), else 404. */
async function getOwnPolicyByNumber(
  db: Db,
  principal: Principal,
  policyNumber: string,
): Promise<PolicyRow> {
  // Who is asking comes first: nobody signed in is told so, not that the policy is missing.
  getOwnerUserId(principal);
  const policyId = await findPolicyIdByNumber(db, policyNumber);
  if (!policyId) throw new AppError('NOT_FOUND', POLICY_NOT_FOUND_MESSAGE);
  return getOwnPolicy(db, principal, policyId);
}

/** GET /api/claims?policyNumber=: the claims of the caller's policy. */
export async function listClaims(
  deps: Pick<ServiceDeps, 'db'>,
  principal: Principal,
  policyNumber: string,
): Promise<Claim[]> {
  const policy = await getOwnPolicyByNumber(deps.db, principal, policyNumber);
  return (await listClaimsOfPolicy(deps.db, policy.policyId)).map(toClaim);
}

/** POST /api/claims: staff add a claim to the policy of the customer they act for. */
export async function addClaim(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  principal: Principal,
  request: CreateClaimRequest,
): Promise<Claim> {
  // Staff with action:mta-claims only (spec 3 §6); everyone else 403.
  requirePermission(principal, PERMISSIONS.mtaClaims);
  const now = deps.clock.now();
  assertNotInFuture(request.occurredDate, now);
  const policy = await getOwnPolicyByNumber(deps.db, principal, request.policyNumber);
  return deps.db.transaction(async (tx) => {
    const row = await insertClaim(tx, {
      policyId: policy.policyId,
      claimType: request.claimType,
      status: request.status,
      insuredName: request.insuredName,
      occurredDate: request.occurredDate,
      description: null,
      source: 'staff',
      createdBy: principal.userId,
      createdAt: now,
      updatedBy: principal.userId,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorUserId: principal.userId,
      subjectUserId: policy.ownerUserId,
      action: 'claim.add',
      target: `claim:${row.claimReference} policy:${policy.policyNumber}`,
      at: now,
    });
    return toClaim(row);
  });
}

/** PATCH /api/claims/{claimReference}: staff correct a claim of the customer they act for. */
export async function correctClaim(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  principal: Principal,
  claimReference: string,
  changes: UpdateClaimRequest,
): Promise<Claim> {
  requirePermission(principal, PERMISSIONS.mtaClaims);
  assertNotInFuture(changes.occurredDate, deps.clock.now());
  const existing = await findClaim(deps.db, claimReference);
  if (!existing) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND_MESSAGE);
  // Another customer's claim answers exactly as a missing one.
  const policy = await getOwnPolicy(deps.db, principal, existing.policyId, CLAIM_NOT_FOUND_MESSAGE);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await updateClaim(tx, claimReference, {
      ...changes,
      updatedBy: principal.userId,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorUserId: principal.userId,
      subjectUserId: policy.ownerUserId,
      action: 'claim.correct',
      target: `claim:${claimReference} policy:${policy.policyNumber} fields:${Object.keys(changes).join(',')}`,
      at: now,
    });
    return toClaim(row);
  });
}

/**
 * POST /api/fnol/link: a link to the FNOL provider's claim page for the caller's policy, when it
 * is ACTIVE and its brand has the axitechFnol feature (spec 3 §4); 409 otherwise.
 */
export async function createFnolLink(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'providers'>,
  principal: Principal,
  request: FnolLinkRequest,
): Promise<FnolLinkResponse> {
  const policy = await getOwnPolicy(deps.db, principal, request.policyId);
  const now = deps.clock.now();
  if (!brandOfScheme(policy.schemeCode).config.features.axitechFnol) {
    throw new AppError('CONFLICT', FNOL_UNAVAILABLE_MESSAGE);
  }
  const status = derivePolicyStatus({ status: policy.status, inceptedAt: policy.inceptedAt, now });
  if (status !== 'ACTIVE') throw new AppError('CONFLICT', FNOL_NOT_ACTIVE_MESSAGE, { status });
  const { publicUrl } = deps.config;
  return deps.providers.fnol.createLink({
    policy: {
      policyId: policy.policyId,
      policyNumber: policy.policyNumber,
      schemeCode: policy.schemeCode,
      insuredName: await findPolicyholderName(deps.db, policy.policyId),
    },
    callbackUrl: `${publicUrl}${request.callbackUrl}`,
    privacyPolicyUrl: `${publicUrl}${request.privacyPolicyUrl}`,
    telephone: request.telephone,
    email: request.email,
    customerReference: policy.ownerUserId,
    actorReference: findActorUserId(principal) ?? policy.ownerUserId,
    now,
  });
}

/**
 * The FNOL provider's notification of a claim made on its page: recorded as PENDING under a new
 * reference, and audited when staff made it for the customer.
 */
export async function recordOnlineClaim(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  claim: {
    policyId: string;
    insuredName: string;
    claimType: ClaimRow['claimType'];
    occurredDate: string;
    description: string;
    /** The customer's user id. */
    customerReference: string;
    /** Who opened the link: the customer, or staff acting for them. */
    actorReference: string;
  },
): Promise<Claim> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertClaim(tx, {
      policyId: claim.policyId,
      claimType: claim.claimType,
      status: 'PENDING',
      insuredName: claim.insuredName,
      occurredDate: claim.occurredDate,
      description: claim.description,
      source: 'fnol',
      createdBy: claim.actorReference,
      createdAt: now,
      updatedBy: claim.actorReference,
      updatedAt: now,
    });
    if (claim.actorReference !== claim.customerReference) {
      await recordAudit(tx, {
        actorUserId: claim.actorReference,
        subjectUserId: claim.customerReference,
        action: 'claim.fnol',
        target: `claim:${row.claimReference} policy-id:${claim.policyId}`,
        at: now,
      });
    }
    return toClaim(row);
  });
}
