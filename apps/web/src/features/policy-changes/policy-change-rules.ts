import { getValueAtPath } from '@motor/forms';
import type { FormValues } from '@motor/forms';
import type { InsuredProfile, PolicyStatus, ProposalChange } from '@motor/domain';
import { isInRenewal } from '@motor/domain';
import { isApiError } from '../../lib/api-client';
import type { Policy } from '../../lib/policy/get-policy';
import { getParties } from '../../lib/policy/policy-facts';

// The rules of changing a policy that the pages share (spec 3 §4 "Adjustment flow", §5
// "Additional profiles", §6): who may change what, which changes a form sends, and how the API
// says no.

/** Statuses a policy can be changed in (spec 3 §2 sub-routes for ACTIVE and PENDING). */
const CHANGEABLE_STATUSES: readonly PolicyStatus[] = ['ACTIVE', 'PENDING'];

/**
 * Why a change cannot start, or null when it can: the policy is not ACTIVE or PENDING
 * ('notAllowed'), or a customer's policy is in its renewal window ('inRenewal'; staff may still
 * change it, spec 3 §6 "Policy-management area: when not in renewal / always").
 */
export function getChangeBlock(
  policy: Pick<Policy, 'policyDetail' | 'renewalProposal'>,
  isAdmin: boolean,
): 'notAllowed' | 'inRenewal' | null {
  if (!CHANGEABLE_STATUSES.includes(policy.policyDetail.policyStatus)) return 'notAllowed';
  if (!isAdmin && isInRenewal(policy)) return 'inRenewal';
  return null;
}

/** Where a management section's answers are stored. */
export type SectionTarget = 'asset' | 'profile' | 'additionalProfile';

/** The product's management section types that are disclosure forms, by where they store. */
export const SECTION_TARGETS: Readonly<Record<string, SectionTarget>> = {
  vehicle: 'asset',
  policyholder: 'profile',
  additionalDrivers: 'additionalProfile',
};

/** The answers a section's form starts from: the current version's. */
export function getCurrentAnswers(
  policy: Policy,
  target: SectionTarget,
  profileCode?: string,
): FormValues {
  const { policyholder, asset } = getParties(policy);
  if (target === 'asset') return { ...(asset?.data ?? {}) };
  if (target === 'profile') return { ...(policyholder?.data ?? {}) };
  const profile = findProfile(policy, profileCode);
  return { ...(profile?.data ?? {}) };
}

export function findProfile(policy: Policy, profileCode: string | undefined) {
  return policy.currentPolicyVersion.quote.insuredProfiles.find(
    (profile) => profile.profileCode === profileCode,
  );
}

/** The next free additional-driver code: p1, then p2, ... (spec 3 §3 "new profile uses p1"). */
export function nextProfileCode(profiles: readonly Pick<InsuredProfile, 'profileCode'>[]): string {
  const used = new Set(profiles.map((profile) => profile.profileCode));
  let number = 1;
  while (used.has(`p${number}`)) number += 1;
  return `p${number}`;
}

/** How many more drivers may be added: the section's maximum less the non-policyholders. */
export function getRemainingProfiles(
  profiles: readonly Pick<InsuredProfile, 'policyholder'>[],
  maxAdditionalProfiles: number,
): number {
  const added = profiles.filter((profile) => !profile.policyholder).length;
  return Math.max(0, maxAdditionalProfiles - added);
}

/**
 * The changes of a section's submit: one update per changed answer only (the form compares
 * against the current version's answers). A driver who is not on the policy yet is created with
 * ADDITIONAL_PROFILE_CREATE_CHANGE; an existing one gets a disclosure change.
 */
export function buildSectionChanges(options: {
  policy: Policy;
  target: SectionTarget;
  values: FormValues;
  changedNames: readonly string[];
  profileCode?: string;
}): ProposalChange[] {
  const { policy, target, values, changedNames, profileCode } = options;
  const update = changedNames.map((name) => ({
    path: name,
    // null removes an answer that other answers made irrelevant.
    value: getValueAtPath(values, name) ?? null,
  }));
  const { policyholder, asset } = getParties(policy);
  if (target === 'asset') {
    return update.length && asset
      ? [{ changeType: 'ASSET_DISCLOSURE_CHANGE', assetCode: asset.assetCode, update }]
      : [];
  }
  if (target === 'profile') {
    return update.length && policyholder
      ? [{ changeType: 'PROFILE_DISCLOSURE_CHANGE', profileCode: policyholder.profileCode, update }]
      : [];
  }
  if (!profileCode) return [];
  if (!findProfile(policy, profileCode)) {
    return [{ changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode, update }];
  }
  return update.length
    ? [{ changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE', profileCode, update }]
    : [];
}

function errorBodyText(error: unknown): string {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return '';
  const body = error.failure.data as { error?: { code?: unknown; message?: unknown } } | null;
  return [body?.error?.code, body?.error?.message]
    .filter((part): part is string => typeof part === 'string')
    .join(' ');
}

/** A 409 whose code or message speaks of renewal: the policy is in its renewal window. */
export function isInRenewalConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && /renew/i.test(errorBodyText(error));
}

/** Any other 409: the adjustment went stale (timed out or the policy moved on). */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
