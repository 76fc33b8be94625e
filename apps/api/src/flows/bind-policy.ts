import {
  addIsoDuration,
  CARD_PAYMENT_THRESHOLD_PENCE,
  DIRECT_DEBIT_PAYMENT_THRESHOLD_PENCE,
  isPaymentMethodNeeded,
  type PaymentMethodType,
  type PolicyStatus,
} from '@motor/domain';
import type { ServiceDeps } from '../app-types';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import {
  ensureCustomerAccount,
  postProviderPayment,
  postPremium,
  setAccountPaymentMethod,
} from '../modules/billing';
import { recordAudit } from '../modules/care';
import { enqueuePolicyDocuments } from '../modules/document';
import { enqueueMidSubmission } from '../modules/mid';
import { canAccessProposal, fillPolicyholderFromQuote, type Principal } from '../modules/identity';
import { wakeJobRunner } from '../modules/jobs';
import {
  CARD_REQUIRED_MESSAGE,
  findActiveCard,
  findActiveMandate,
  MANDATE_REQUIRED_MESSAGE,
  PAYMENT_REQUIRED_MESSAGE,
  type ProposalPaidHandler,
  type ProviderPayment,
} from '../modules/payment';
import {
  assertBindable,
  assertQuoteStatus,
  computeAmountDueAtBind,
  createPolicyFromQuote,
  findPolicyByProposal,
  recordBind,
} from '../modules/policy';
import {
  findProposal,
  lockProposal,
  markProposalBound,
  PROPOSAL_NOT_FOUND_MESSAGE,
  type ProposalRow,
} from '../modules/proposal';
import type { StoredQuote } from './adjust-policy/policy-snapshot';
import { collectFirstPayment, enqueueFirstCollection } from './collect-payments';

// Binding: a priced quote becomes a policy, in ONE database transaction (policy, version 1,
// status event, customer account, invoice and payment, proposal → POLICY, and the job that
// renders its documents and sends the confirmation e-mail). The proposal row is
// locked first, so concurrent binds queue and the later ones find the policy already made; the
// unique policies.proposal_code and ledger idempotency keys hold even if that lock were missed.

/** Webhook processing and jobs bind with no user behind them. */
type SystemPrincipal = { kind: 'system'; name: string };
type BindPrincipal = Principal | SystemPrincipal;

export type BindPayment = ProviderPayment;

export type BindInput = {
  proposalCode: string;
  principal: BindPrincipal;
  paymentMethodType?: PaymentMethodType;
  payment?: BindPayment;
  /**
   * Renewals at the anniversary only (a system caller): with nothing paid now, the first invoice
   * is left owed for the collections job to charge on the customer's saved card, as it charges
   * every later month. A customer's own bind always pays at checkout.
   */
  collectFromSavedCard?: boolean;
};

export type BindResult = {
  policyId: string;
  policyNumber: string;
  status: PolicyStatus;
  /** False when the proposal was already bound (a retry): nothing new was created. */
  created: boolean;
};

/**
 * How long the queued first collection of a Direct Debit purchase waits: the bind collects it
 * itself just after committing, and the job collects it only if that call never happened (a crash,
 * the provider down). Long enough that the two never ask the provider at once.
 */
const FIRST_COLLECTION_FALLBACK_MS = 2 * 60_000;

/** Under the lock: the policy made, and the account whose first payment the bind collects. */
type LockedBind = BindResult & { collectFirstOf?: string };

function actorOf(principal: BindPrincipal): string {
  if (principal.kind === 'system') return `system:${principal.name}`;
  if (principal.kind === 'none') throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return principal.userId;
}

/** Inception now or at the chosen start, whichever is later; the term runs from there. */
function termDates(row: ProposalRow, now: Date): { inceptedAt: Date; expiredAt: Date } {
  if (row.startAt && row.startAt.getTime() >= now.getTime()) {
    return {
      inceptedAt: row.startAt,
      expiredAt: row.endAt ?? addIsoDuration(row.startAt, row.policyTerm),
    };
  }
  return { inceptedAt: now, expiredAt: addIsoDuration(now, row.policyTerm) };
}

async function bindLocked(tx: Db, input: BindInput, now: Date): Promise<LockedBind> {
  const row = await lockProposal(tx, input.proposalCode);
  if (!row || row.deletedAt) throw new AppError('NOT_FOUND', PROPOSAL_NOT_FOUND_MESSAGE);

  const existing = await findPolicyByProposal(tx, row.proposalCode);
  if (existing) {
    // A retry, or a second payment webhook: the policy stands; a real payment is still recorded.
    if (input.payment) {
      const account = await ensureCustomerAccount(tx, { proposal: row, now });
      await postProviderPayment(tx, { account, payment: input.payment, at: now });
    }
    return {
      policyId: existing.policyId,
      policyNumber: existing.policyNumber,
      status: existing.status,
      created: false,
    };
  }

  // Checked again under the lock: a webhook's bind has no caller who passed assertBindable.
  const answered = assertQuoteStatus(row, now);

  const due = computeAmountDueAtBind(answered.quote);
  const account = await ensureCustomerAccount(tx, { proposal: row, now });
  // Spec 1 §4: no payment method is needed when none is set and nothing is due (free driveaway).
  const chosenType = input.paymentMethodType ?? account.paymentMethodType ?? null;
  const methodNeeded =
    Boolean(input.payment) ||
    isPaymentMethodNeeded({
      paymentMethodType: chosenType,
      discountedTotalPence: answered.quote.totals.discounted,
    });
  const methodType: PaymentMethodType | null = !methodNeeded
    ? null
    : (chosenType ?? (input.payment?.provider === 'DIRECT_DEBIT' ? 'BACS_DEBIT' : 'CARD'));
  const threshold =
    methodType === 'BACS_DEBIT'
      ? DIRECT_DEBIT_PAYMENT_THRESHOLD_PENCE
      : CARD_PAYMENT_THRESHOLD_PENCE;
  // Direct debit collects the later instalments, so it needs a mandate whatever is due now.
  const mandate =
    methodType === 'BACS_DEBIT' && (await findActiveMandate(tx, row.ownerUserId)) !== null;
  if (methodType === 'BACS_DEBIT' && !mandate) {
    throw new AppError('PAYMENT_REQUIRED', MANDATE_REQUIRED_MESSAGE);
  }
  // Spec 2 §4.3: BIND by card with nothing to pay takes the card already saved; a customer
  // without one sets one up first (SETUP), so a policy never names a card nobody gave.
  if (
    input.paymentMethodType === 'CARD' &&
    input.principal.kind !== 'system' &&
    !input.payment &&
    due.totalPence <= threshold &&
    (await findActiveCard(tx, row.ownerUserId)) === null
  ) {
    throw new AppError('PAYMENT_REQUIRED', CARD_REQUIRED_MESSAGE);
  }
  const savedCard =
    methodType === 'CARD' &&
    input.collectFromSavedCard === true &&
    input.principal.kind === 'system' &&
    (await findActiveCard(tx, row.ownerUserId)) !== null;
  if (due.totalPence > threshold && !input.payment && !mandate && !savedCard) {
    throw new AppError('PAYMENT_REQUIRED', PAYMENT_REQUIRED_MESSAGE, {
      amountDuePence: due.totalPence,
    });
  }

  const { inceptedAt, expiredAt } = termDates(row, now);
  const status: PolicyStatus = inceptedAt.getTime() > now.getTime() ? 'PENDING' : 'ACTIVE';
  const policy = await createPolicyFromQuote(tx, {
    proposal: row,
    policyNumber: account.accountCode,
    status,
    inceptedAt,
    expiredAt,
    // At QUOTE (assertQuoteStatus above), so rated: the stored quote's ratingStatus is set.
    quote: answered.quote as StoredQuote,
    at: now,
  });
  if (!policy) throw new AppError('CONFLICT', 'This quote is being bound already. Try again.');
  const { policyId } = policy;

  const actor = actorOf(input.principal);
  await recordBind(tx, { policyId, status, actor, at: now });
  // The account gets the name, phone and marketing consent disclosed (not over what was set).
  const policyholder = row.data.insuredProfiles.find((profile) => profile.policyholder);
  if (policyholder) {
    await fillPolicyholderFromQuote(tx, {
      userId: row.ownerUserId,
      profile: policyholder.data,
      now,
    });
  }
  await enqueuePolicyDocuments(tx, { policyId, at: now });
  // The car goes on the Motor Insurance Database as soon as the policy commits (modules/mid).
  await enqueueMidSubmission(tx, { policyId, at: now });
  await setAccountPaymentMethod(tx, {
    accountId: account.accountId,
    paymentMethodType: methodType,
    policyId,
  });
  if (due.totalPence > 0) {
    await postPremium(tx, {
      accountId: account.accountId,
      type: 'INVOICE',
      amountPence: due.totalPence,
      taxPence: due.taxPence,
      idempotencyKey: `bind:${row.proposalCode}:invoice`,
      description:
        due.scheduleType === 'MONTHLY' ? 'First monthly instalment' : 'Premium for the term',
      at: now,
    });
  }
  if (input.payment) await postProviderPayment(tx, { account, payment: input.payment, at: now });
  // Spec 2 §4.4: a Direct Debit purchase with a deposit (PAY) pays it at purchase too, as a
  // collection on the new mandate asked for now, on the earliest day the scheme allows; later
  // months are collected on the payment day. Queued with the policy, so it is never lost.
  const collectFirst = methodType === 'BACS_DEBIT' && !input.payment && due.totalPence > threshold;
  if (collectFirst) {
    const runAt = new Date(now.getTime() + FIRST_COLLECTION_FALLBACK_MS);
    await enqueueFirstCollection({ db: tx }, { accountId: account.accountId, at: now, runAt });
  }
  await markProposalBound(tx, {
    proposalCode: row.proposalCode,
    policyId,
    policyNumber: policy.policyNumber,
    at: now,
  });
  if (input.principal.kind === 'admin') {
    await recordAudit(tx, {
      actorUserId: input.principal.userId,
      subjectUserId: row.ownerUserId,
      action: 'proposal.bind',
      target: `policy:${policy.policyNumber}`,
      at: now,
    });
  }
  return {
    policyId,
    policyNumber: policy.policyNumber,
    status,
    created: true,
    ...(collectFirst ? { collectFirstOf: account.accountId } : {}),
  };
}

/**
 * A payment the provider took for a proposal that bind then refused (a webhook's bind after the
 * quote expired meanwhile, ...): the money is not lost but posted to the customer's account as a
 * credit, with an audit row, for staff to bind by hand or refund. A replay posts nothing again.
 */
async function recordPaymentWithoutBind(
  deps: ServiceDeps,
  options: {
    proposalCode: string;
    payment: BindPayment;
    actor: string;
    /** The audit action staff look for (default: a payment bind refused). */
    action?: 'payment.unbound' | 'payment.amount-mismatch';
  },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockProposal(tx, options.proposalCode);
    if (!row) return;
    const account = await ensureCustomerAccount(tx, { proposal: row, now });
    await postProviderPayment(tx, { account, payment: options.payment, at: now });
    await recordAudit(tx, {
      actorUserId: options.actor,
      subjectUserId: row.ownerUserId,
      action: options.action ?? 'payment.unbound',
      target: `proposal:${row.proposalCode}`,
      at: now,
    });
  });
}

/**
 * Binds a proposal (spec 2 §4 checkout, issue 6). Customers and admins may bind only their own
 * (acting-for) proposals; a system caller (payment webhooks) may bind any. Errors: 404 unknown
 * or someone else's, 409 not a valid QUOTE, 402 payment or mandate missing. A retried or
 * concurrent bind answers the same policy with `created: false` and invoices nothing again.
 */
export async function bindProposal(deps: ServiceDeps, input: BindInput): Promise<BindResult> {
  const { principal } = input;
  if (principal.kind !== 'system') {
    const row = await findProposal(deps.db, input.proposalCode);
    if (!row || !canAccessProposal(principal, row)) {
      throw new AppError('NOT_FOUND', PROPOSAL_NOT_FOUND_MESSAGE);
    }
    // A payment webhook binds what checkout already checked; a direct call must not skip it.
    if (row.status !== 'POLICY') await assertBindable(deps, row);
  }
  const now = deps.clock.now();
  const { collectFirstOf, ...result } = await deps.db.transaction((tx) =>
    bindLocked(tx, input, now),
  );
  // The customer is still at checkout: their first Direct Debit is asked for before the answer,
  // so the success page can say how much and when. A system bind (a renewal, on the clock of its
  // anniversary) leaves it to the queued job.
  if (collectFirstOf && principal.kind !== 'system') {
    try {
      await collectFirstPayment(deps, collectFirstOf);
    } catch (error) {
      deps.log.warn(
        { err: error, accountId: collectFirstOf },
        'first Direct Debit collection not asked for at bind: its queued job will',
      );
    }
  }
  // The documents job is committed with the policy; the runner need not wait for its next poll.
  if (result.created) wakeJobRunner(deps);
  return result;
}

const CARD_WEBHOOK: SystemPrincipal = { kind: 'system', name: 'card-webhook' };
/** An instant bank payment (ADR 045) confirmed by the direct-debit provider's webhook. */
const BANK_PAYMENT_WEBHOOK: SystemPrincipal = { kind: 'system', name: 'bank-payment-webhook' };

/**
 * A checkout the card provider reports paid becomes a policy. A business refusal (the quote
 * expired meanwhile, ...) will not change on redelivery: the money was taken, so it is posted to
 * the customer's account as a credit and staff bind by hand or refund. Anything else propagates
 * and the provider's event is retried.
 */
export const bindPaidProposal: ProposalPaidHandler = async (deps, paid) => {
  const webhook = paid.payment.provider === 'CARD' ? CARD_WEBHOOK : BANK_PAYMENT_WEBHOOK;
  if (paid.payment.amountPence !== paid.expectedAmountPence) {
    // Not what the checkout asked for (issue 21 item 4): no policy on a payment that does not
    // match the quote. The money is kept on the customer's account and staff are told.
    await recordPaymentWithoutBind(deps, {
      proposalCode: paid.proposalCode,
      payment: paid.payment,
      actor: `system:${webhook.name}`,
      action: 'payment.amount-mismatch',
    });
    deps.log.error(
      {
        proposalCode: paid.proposalCode,
        providerPaymentId: paid.payment.providerPaymentId,
        amountPence: paid.payment.amountPence,
        expectedAmountPence: paid.expectedAmountPence,
      },
      'payment amount differs from the checkout session: not bound, raised for staff',
    );
    return;
  }
  try {
    await bindProposal(deps, {
      proposalCode: paid.proposalCode,
      principal: webhook,
      paymentMethodType: paid.paymentMethodType,
      payment: paid.payment,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await recordPaymentWithoutBind(deps, {
      proposalCode: paid.proposalCode,
      payment: paid.payment,
      actor: `system:${webhook.name}`,
    });
    deps.log.error(
      {
        err: error,
        proposalCode: paid.proposalCode,
        providerPaymentId: paid.payment.providerPaymentId,
      },
      'payment succeeded but the proposal could not be bound',
    );
  }
};
