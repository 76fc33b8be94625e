import { eq } from 'drizzle-orm';
import type { SetPolicyAutoRenewalRequest } from '@motor/contract';
import { isPolicyEnded } from '@motor/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { policies, policyAutoRenewalChanges } from './tables';
import { AppError } from '../../errors';
import { brandOfScheme } from '../brand';
import { recordAudit } from '../audit';
import { findActorUserId, type Principal } from '../identity';
import type { PolicyRow } from './repository';
import { derivePolicyStatus } from './state';

// Auto-renewal of a policy (spec 3 §4, §7 setPolicyAutoRenewalEnabled). FCA ICOBS 6A.6: a
// customer can opt out online at any time, so nothing but the product's own rule, a stopped
// renewal or an ended policy refuses it. Every change is kept with who made it and why.

export const AUTO_RENEWAL_MESSAGES = {
  notChangeable: 'Automatic renewal cannot be changed for this product.',
  ended: 'This policy has ended, so there is nothing to renew.',
  renewalStopped:
    'The renewal of this policy has been stopped. Please chat to us using Help if you want to renew.',
  detailsRequired: 'Tell us why you are turning automatic renewal off',
} as const;

export async function setPolicyAutoRenewal(
  deps: { db: Db; clock: Clock },
  options: { policy: PolicyRow; request: SetPolicyAutoRenewalRequest; principal: Principal },
): Promise<void> {
  const { policy, request, principal } = options;
  const now = deps.clock.now();
  const { renewal } = brandOfScheme(policy.schemeCode).getProductConfig(policy.schemeCode);
  if (!renewal.allowModifyAutoRenewal || !renewal.autoRenewalOptions.includes(request.enabled)) {
    throw new AppError('CONFLICT', AUTO_RENEWAL_MESSAGES.notChangeable);
  }
  const status = derivePolicyStatus({ status: policy.status, inceptedAt: policy.inceptedAt, now });
  if (isPolicyEnded(status) || policy.terminatedAt !== null) {
    throw new AppError('CONFLICT', AUTO_RENEWAL_MESSAGES.ended);
  }
  if (policy.renewalStopped) throw new AppError('CONFLICT', AUTO_RENEWAL_MESSAGES.renewalStopped);
  const details = request.enabled ? null : request.details?.trim() || null;
  if (!request.enabled && request.reason === 'Other' && details === null) {
    throw new AppError('VALIDATION_FAILED', AUTO_RENEWAL_MESSAGES.detailsRequired, {
      fields: [{ in: 'body', path: 'details', message: AUTO_RENEWAL_MESSAGES.detailsRequired }],
    });
  }
  const actorUserId = findActorUserId(principal) ?? policy.ownerUserId;
  const isStaff = actorUserId !== policy.ownerUserId;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(policies)
      .set({ autoRenewalEnabled: request.enabled })
      .where(eq(policies.policyId, policy.policyId));
    await tx.insert(policyAutoRenewalChanges).values({
      policyId: policy.policyId,
      enabled: request.enabled,
      reason: request.enabled ? null : request.reason,
      details,
      actorUserId,
      onBehalfOfUserId: isStaff ? policy.ownerUserId : null,
      at: now,
    });
    if (isStaff) {
      await recordAudit(tx, {
        actorUserId,
        subjectUserId: policy.ownerUserId,
        action: request.enabled ? 'policy.auto-renewal.on' : 'policy.auto-renewal.off',
        target: `policy:${policy.policyNumber}`,
        at: now,
      });
    }
  });
}
