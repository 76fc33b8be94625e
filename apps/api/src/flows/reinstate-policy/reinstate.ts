import type {
  ReinstatedResponse,
  ReinstatementCover,
  ReinstatementOption,
  ReinstatementResponse,
} from '@motor/contract';
import { formatDisplayDate, formatMoney, londonTimeString } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findConfirmedCancellation, type AdjustmentRow } from '../../modules/adjustment';
import {
  failRefund,
  findAccountOfPolicy,
  getSettledBalance,
  listPendingRefunds,
  listRefundParts,
  listRefundPayouts,
  postPremium,
  resumeAccountBilling,
} from '../../modules/billing';
import { brandOfScheme } from '../../modules/brand';
import { recordAudit } from '../../modules/audit';
import { enqueuePolicyDocuments } from '../../modules/document';
import { wakeJobRunner } from '../../modules/jobs';
import { emailBody, queueEmail } from '../../modules/notification';
import {
  addPolicyVersion,
  findOverlappingPolicy,
  findPolicy,
  listPolicyVersions,
  lockPolicy,
  reinstatePolicy,
  type PolicyRow,
} from '../../modules/policy';
import { priceCancellation } from '../adjust-policy/price-cancellation';
import { NON_PAYMENT_REASON } from '../collect-payments';
import { policyholderOfPolicy, policyPageUrl } from '../renew-policy/policy-facts';

// Reinstatement (issue 35 item 3, decision 042). Staff with action:reinstate put a CANCELLED
// policy back on cover within the product's window when it was cancelled for non-payment or by
// mistake (any other customer or staff cancellation: staff's reason says what the mistake was; a
// change underwriting refused, cancelled as a referral, is not reinstated). The money owed is
// taken first: a settled balance still owed refuses the reinstatement. Then, in one transaction
// under the policy's row lock: the policy ACTIVE with no end of cover, a new version from now
// (its documents issued by the job), the cancellation's pending refund cancelled, the premium of
// the restored cover charged (BACKDATED: the credit note reversed, no gap; GAP: the same less the
// gap's premium, the gap recorded), billing resumed, an audit row, the customer's e-mail. The MID
// job sees an ACTIVE policy and puts the car back at its next run.

const DAY_MS = 86_400_000;
/** Enough to price every month of a term (no cap by what was invoiced): a gap's premium. */
const EVERY_MONTH = 1200;
const UNCAPPED = Number.MAX_SAFE_INTEGER;

type Refusal = NonNullable<ReinstatementResponse['refusal']>;

type Cancellation = {
  adjustment: AdjustmentRow;
  kind: 'NON_PAYMENT' | 'MISTAKE' | 'OTHER';
  /** When cover ended. */
  at: Date;
};

type Assessment = {
  policy: PolicyRow;
  cancellation: Cancellation | null;
  windowEndsAt: Date | null;
  refusal: Refusal | null;
  accountId: string | null;
  amountOwedPence: number;
  /** The cancellation's refund parts still PENDING with no payout sent: cancelled on reinstating. */
  cancellableRefundKeys: string[];
  pendingRefundPence: number;
  options: (ReinstatementOption & { taxPence: number })[];
};

function kindOf(reason: string | null): Cancellation['kind'] {
  if (reason === NON_PAYMENT_REASON) return 'NON_PAYMENT';
  // A change underwriting refused was confirmed as a cancellation: reinstating it would give back
  // cover the insurer declined.
  if (reason === 'Referral') return 'OTHER';
  return 'MISTAKE';
}

/** The premium (and its IPT) of the cover between `from` and `to`, whatever was invoiced. */
function premiumBetween(
  policy: PolicyRow,
  versions: Awaited<ReturnType<typeof listPolicyVersions>>,
  span: { from: Date; to: Date },
): { premium: number; tax: number } {
  const unusedFrom = (effectiveAt: Date) =>
    priceCancellation({
      policy,
      versions,
      kind: 'Standard',
      effectiveAt,
      now: effectiveAt,
      invoicedPence: UNCAPPED,
      balancePence: 0,
      invoiceCount: EVERY_MONTH,
    });
  const start = unusedFrom(span.from);
  const end = unusedFrom(span.to);
  return {
    premium: -start.prorataPremium + end.prorataPremium,
    tax: -start.prorataTax + end.prorataTax,
  };
}

/** The cancellation's refund: what may still be stopped, and whether a payout is on its way. */
async function readRefund(db: Db, adjustmentId: string) {
  const parts = await listRefundParts(db, `adjustment:${adjustmentId}:refund`);
  const cancellable: string[] = [];
  let pendingPence = 0;
  let onItsWay = false;
  for (const part of parts) {
    const pending = await listPendingRefunds(db, {
      queued: true,
      idempotencyKey: part.idempotencyKey,
    });
    if (pending.length === 0) continue;
    const payouts = await listRefundPayouts(db, part.idempotencyKey);
    if (payouts.some((payout) => payout.status !== 'FAILED')) {
      onItsWay = true;
      continue;
    }
    cancellable.push(part.idempotencyKey);
    pendingPence += part.amountPence;
  }
  return { cancellable, pendingPence, onItsWay };
}

/** Everything GET answers and POST checks again under the lock; `refusal` null = may reinstate. */
async function assess(db: Db, policy: PolicyRow, now: Date): Promise<Assessment> {
  const product = brandOfScheme(policy.schemeCode).getProductConfig(policy.schemeCode);
  const stored =
    policy.status === 'CANCELLED' ? await findConfirmedCancellation(db, policy.policyId) : null;
  const cancellation: Cancellation | null =
    stored && policy.terminatedAt
      ? { adjustment: stored, kind: kindOf(stored.reason), at: policy.terminatedAt }
      : null;
  const windowDays = product.reinstatement.windowDays;
  const windowEndsAt = cancellation
    ? new Date(cancellation.at.getTime() + windowDays * DAY_MS)
    : null;
  const account = await findAccountOfPolicy(db, policy.policyId);
  const amountOwedPence = account ? Math.max(0, await getSettledBalance(db, account.accountId)) : 0;
  const refund = cancellation
    ? await readRefund(db, cancellation.adjustment.adjustmentId)
    : { cancellable: [], pendingPence: 0, onItsWay: false };
  const overlapping = cancellation
    ? await findOverlappingPolicy(db, {
        policyId: policy.policyId,
        ownerUserId: policy.ownerUserId,
        from: cancellation.at,
        to: policy.expiredAt,
      })
    : null;

  const refuse = (code: Refusal['code'], message: string): Refusal => ({ code, message });
  let refusal: Refusal | null = null;
  if (policy.status !== 'CANCELLED' || !cancellation) {
    refusal = refuse(
      'NOT_CANCELLED',
      `Only a cancelled policy can be reinstated: this one is ${policy.status}.`,
    );
  } else if (product.productKind === 'DRIVEAWAY' || windowDays === 0) {
    refusal = refuse(
      'PRODUCT_NOT_REINSTATABLE',
      'This product is never reinstated: the customer buys new cover instead.',
    );
  } else if (cancellation.kind === 'OTHER') {
    refusal = refuse(
      'REASON_NOT_REINSTATABLE',
      'Only a policy cancelled for non-payment or by mistake can be reinstated: this one was cancelled because a change was refused.',
    );
  } else if (policy.expiredAt.getTime() <= now.getTime()) {
    refusal = refuse(
      'TERM_ENDED',
      'The policy’s term has ended: there is no cover left to reinstate.',
    );
  } else if (windowEndsAt && windowEndsAt.getTime() < now.getTime()) {
    refusal = refuse(
      'OUTSIDE_WINDOW',
      `The ${windowDays} days to reinstate ended on ${formatDisplayDate(windowEndsAt)}: the customer needs a new policy.`,
    );
  } else if (overlapping) {
    refusal = refuse(
      'LATER_POLICY',
      `The customer’s policy ${overlapping.policyNumber} covers part of the same time: reinstating would insure them twice.`,
    );
  } else if (refund.onItsWay) {
    refusal = refuse(
      'REFUND_ON_ITS_WAY',
      'The cancellation’s refund is being paid: reinstate once it has been paid (the customer then owes it back).',
    );
  } else if (amountOwedPence > 0) {
    refusal = refuse(
      'BALANCE_OWED',
      `The customer owes ${formatMoney(amountOwedPence)}: take it first (by phone, acting for the customer, or the customer pays it), then reinstate.`,
    );
  }

  const options: Assessment['options'] = [];
  if (cancellation && policy.expiredAt.getTime() > now.getTime()) {
    const credited = -cancellation.adjustment.prorataPremiumPence;
    const creditedTax = -cancellation.adjustment.prorataTaxPence;
    const versions = await listPolicyVersions(db, policy.policyId);
    const gap = premiumBetween(policy, versions, { from: cancellation.at, to: now });
    options.push(
      {
        cover: 'BACKDATED',
        coverFrom: cancellation.at.toISOString(),
        gap: null,
        premiumPence: credited,
        taxPence: creditedTax,
      },
      {
        cover: 'GAP',
        coverFrom: now.toISOString(),
        gap: { from: cancellation.at.toISOString(), to: now.toISOString() },
        premiumPence: credited - gap.premium,
        taxPence: creditedTax - gap.tax,
      },
    );
  }
  return {
    policy,
    cancellation,
    windowEndsAt,
    refusal,
    accountId: account?.accountId ?? null,
    amountOwedPence,
    cancellableRefundKeys: refund.cancellable,
    pendingRefundPence: refund.pendingPence,
    options,
  };
}

async function getPolicy(db: Db, policyId: string): Promise<PolicyRow> {
  const policy = await findPolicy(db, policyId);
  if (!policy) throw new AppError('NOT_FOUND', 'We could not find that policy.');
  return policy;
}

/** GET /api/admin/policies/{policyId}/reinstatement. */
export async function getReinstatement(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  policyId: string,
): Promise<ReinstatementResponse> {
  const policy = await getPolicy(deps.db, policyId);
  const found = await assess(deps.db, policy, deps.clock.now());
  return {
    policyId: policy.policyId,
    policyNumber: policy.policyNumber,
    status: policy.status,
    cancelledAt: found.cancellation?.at.toISOString() ?? null,
    cancellationKind: found.cancellation?.kind ?? null,
    cancellationReason: found.cancellation?.adjustment.reason ?? null,
    windowEndsAt: found.windowEndsAt?.toISOString() ?? null,
    canReinstate: found.refusal === null,
    refusal: found.refusal,
    amountOwedPence: found.amountOwedPence,
    accountId: found.accountId,
    pendingRefundPence: found.pendingRefundPence,
    options: found.options.map(({ taxPence: _tax, ...option }) => option),
  };
}

const when = (at: Date) => `${londonTimeString(at)} on ${formatDisplayDate(at)}`;

async function tellCustomer(
  deps: ServiceDeps,
  tx: Db,
  options: { policy: PolicyRow; option: ReinstatementOption; now: Date },
): Promise<void> {
  const { policy, option, now } = options;
  const holder = await policyholderOfPolicy(tx, policy);
  if (!holder?.email) return;
  const from = new Date(option.coverFrom);
  const cover = option.gap
    ? [
        `Your policy ${policy.policyNumber} is reinstated: you are insured again from ${when(from)}.`,
        `You were not insured from ${when(new Date(option.gap.from))} to ${when(new Date(option.gap.to))}: your cover has a gap then, and you are not charged for it.`,
      ]
    : [
        `Your policy ${policy.policyNumber} is reinstated from ${when(from)}, when it was cancelled: there is no gap in your cover.`,
      ];
  const money =
    option.premiumPence > 0
      ? `The premium for your restored cover, ${formatMoney(option.premiumPence)}, is added to your account and taken with your next payment.`
      : option.premiumPence < 0
        ? `${formatMoney(-option.premiumPence)} is credited to your account and taken off your next payment.`
        : 'There is nothing more to pay for your restored cover.';
  await queueEmail(
    deps,
    tx,
    {
      recipient: holder.email,
      subject: `Your policy ${policy.policyNumber} is reinstated`,
      body: emailBody(holder.name, [
        ...cover,
        money,
        'Your new certificate of motor insurance and policy schedule are on your policy page (sign in to open it):',
        policyPageUrl(deps.config.publicUrl, policy),
      ]),
    },
    now,
  );
}

/** POST /api/admin/policies/{policyId}/reinstate: refused (409, nothing changed) or done once. */
export async function reinstate(
  deps: ServiceDeps,
  options: { policyId: string; cover: ReinstatementCover; reason: string; staffUserId: string },
): Promise<ReinstatedResponse> {
  const { cover, reason, staffUserId } = options;
  const now = deps.clock.now();
  await getPolicy(deps.db, options.policyId);
  const done = await deps.db.transaction(async (tx) => {
    const policy = await lockPolicy(tx, options.policyId);
    if (!policy) throw new AppError('NOT_FOUND', 'We could not find that policy.');
    const found = await assess(tx, policy, now);
    if (found.refusal) {
      throw new AppError('CONFLICT', found.refusal.message, { reason: found.refusal.code });
    }
    const option = found.options.find((candidate) => candidate.cover === cover);
    const cancellation = found.cancellation;
    if (!option || !cancellation) throw new Error('A reinstatable policy has its options');
    const actor = staffUserId;
    if (!(await reinstatePolicy(tx, { policyId: policy.policyId, actor, at: now }))) {
      throw new AppError('CONFLICT', 'The policy was reinstated meanwhile.', {
        reason: 'NOT_CANCELLED',
      });
    }
    // A new version from now: the same cover, its documents issued afresh (stating the gap in
    // the audit trail and the e-mail; a version never changes, so the old ones stay as issued).
    const versions = await listPolicyVersions(tx, policy.policyId);
    const last = versions.at(-1);
    if (!last) throw new Error('A policy has a version');
    const versionNumber = await addPolicyVersion(tx, {
      policyId: policy.policyId,
      startedAt: now,
      quote: last.quote,
      at: now,
    });
    await enqueuePolicyDocuments(tx, { policyId: policy.policyId, at: now, versionNumber });

    const account = await findAccountOfPolicy(tx, policy.policyId);
    if (account) {
      for (const key of found.cancellableRefundKeys) {
        await failRefund(tx, {
          idempotencyKey: key,
          at: now,
          description: 'Refund cancelled: your policy is reinstated',
        });
      }
      const premium = option.premiumPence;
      const tax = option.taxPence;
      if (premium !== 0) {
        await postPremium(tx, {
          accountId: account.accountId,
          type: premium > 0 ? 'DEBIT_JOURNAL' : 'CREDIT_JOURNAL',
          amountPence: premium,
          taxPence: tax,
          subType: 'REINSTATEMENT',
          idempotencyKey: `reinstatement:${cancellation.adjustment.adjustmentId}`,
          description:
            cover === 'BACKDATED'
              ? 'Reinstatement: premium for cover restored with no gap'
              : 'Reinstatement: premium for cover restored from today',
          at: now,
        });
      }
      await resumeAccountBilling(tx, account.accountId);
    }
    const gap = option.gap ? ` gap:${option.gap.from}/${option.gap.to}` : '';
    await recordAudit(tx, {
      actorUserId: staffUserId,
      subjectUserId: policy.ownerUserId,
      action: 'policy.reinstate',
      target: `policy:${policy.policyNumber} cover:${cover}${gap} reason:${reason}`,
      at: now,
    });
    await tellCustomer(deps, tx, { policy, option, now });
    return {
      policyId: policy.policyId,
      policyNumber: policy.policyNumber,
      status: 'ACTIVE',
      cover,
      coverFrom: option.coverFrom,
      gap: option.gap,
      premiumPence: option.premiumPence,
      versionNumber,
    } satisfies ReinstatedResponse;
  });
  wakeJobRunner(deps);
  return done;
}
