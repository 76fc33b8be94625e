import type { PaymentMethodType, PolicyStatus } from '@motor/domain';
import type { ServiceDeps } from '../app-types';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import {
  ensureCustomerAccount,
  invoiceBoundPremium,
  postProposalPayment,
  refundProposalPayment,
} from '../modules/billing';
import { recordAudit } from '../modules/audit';
import { enqueuePolicyDocuments } from '../modules/document';
import { enqueueMidSubmission } from '../modules/mid';
import {
  canAccessProposal,
  fillPolicyholderFromProposal,
  type Principal,
} from '../modules/identity';
import { wakeJobRunner } from '../modules/jobs';
import {
  chooseBindPaymentMethod,
  type ProposalPaidHandler,
  type ProviderPayment,
} from '../modules/payment';
import {
  assertBindable,
  assertQuoteStatus,
  computeAmountDueAtBind,
  createPolicyFromQuote,
  findPolicyByProposal,
  type PolicyRow,
} from '../modules/policy';
import {
  findProposal,
  lockProposal,
  lockProposalToBind,
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

/** A retry, or a second payment webhook: the policy stands; a real payment is still recorded. */
async function alreadyBound(
  tx: Db,
  options: { row: ProposalRow; policy: PolicyRow; payment?: BindPayment; now: Date },
): Promise<LockedBind> {
  const { row, policy, payment, now } = options;
  if (payment) await postProposalPayment(tx, { proposal: row, payment, at: now });
  const { policyId, policyNumber, status } = policy;
  return { policyId, policyNumber, status, created: false };
}

/** Staff binding for a customer leave an audit row; customers and the system do not. */
async function auditBind(
  tx: Db,
  options: { principal: BindPrincipal; row: ProposalRow; policyNumber: string; now: Date },
): Promise<void> {
  const { principal, row, now } = options;
  if (principal.kind !== 'admin') return;
  await recordAudit(tx, {
    actorUserId: principal.userId,
    subjectUserId: row.ownerUserId,
    action: 'proposal.bind',
    target: `policy:${options.policyNumber}`,
    at: now,
  });
}

/** The quote as it stands under the lock, and what is due now. */
function quoteToBind(row: ProposalRow, now: Date) {
  // Checked again under the lock: a webhook's bind has no caller who passed assertBindable.
  const { quote } = assertQuoteStatus(row, now);
  // At QUOTE, so rated: the stored quote's ratingStatus is set.
  return { quote: quote as StoredQuote, due: computeAmountDueAtBind(quote) };
}

type QuoteToBind = ReturnType<typeof quoteToBind>;

/** The customer's account (its code is the policy number) and how this policy is paid. */
async function openAccount(
  tx: Db,
  options: { input: BindInput; row: ProposalRow; toBind: QuoteToBind; now: Date },
) {
  const { input, row, toBind, now } = options;
  const account = await ensureCustomerAccount(tx, { proposal: row, now });
  const { methodType, collectFirst } = await chooseBindPaymentMethod(tx, {
    ownerUserId: row.ownerUserId,
    requested: input.paymentMethodType,
    accountMethod: account.paymentMethodType,
    payment: input.payment,
    duePence: toBind.due.totalPence,
    discountedTotalPence: toBind.quote.totals.discounted,
    bySystem: input.principal.kind === 'system',
    collectFromSavedCard: input.collectFromSavedCard,
  });
  return { account, methodType, collectFirst };
}

type OpenedAccount = Awaited<ReturnType<typeof openAccount>>;

/** The policy and its first version; the account gets the name, phone and consent disclosed. */
async function createPolicy(
  tx: Db,
  options: {
    input: BindInput;
    row: ProposalRow;
    toBind: QuoteToBind;
    policyNumber: string;
    now: Date;
  },
) {
  const { input, row, toBind, policyNumber, now } = options;
  const policy = await createPolicyFromQuote(tx, {
    proposal: row,
    policyNumber,
    quote: toBind.quote,
    actor: actorOf(input.principal),
    at: now,
  });
  // Not over what the account already holds.
  await fillPolicyholderFromProposal(tx, { proposal: row, now });
  return policy;
}

/** Its documents and e-mail, and its car on the Motor Insurance Database once it commits. */
async function queuePolicyWork(tx: Db, options: { policyId: string; now: Date }): Promise<void> {
  const { policyId, now } = options;
  await enqueuePolicyDocuments(tx, { policyId, at: now });
  await enqueueMidSubmission(tx, { policyId, at: now });
}

/**
 * The premium invoiced and what was paid posted; a Direct Debit purchase's first collection is
 * queued with the policy, so it is never lost.
 */
async function billFirstPremium(
  tx: Db,
  options: {
    input: BindInput;
    row: ProposalRow;
    toBind: QuoteToBind;
    opened: OpenedAccount;
    policyId: string;
    now: Date;
  },
): Promise<void> {
  const { input, row, toBind, opened, policyId, now } = options;
  await invoiceBoundPremium(tx, {
    account: opened.account,
    policyId,
    proposalCode: row.proposalCode,
    paymentMethodType: opened.methodType,
    due: toBind.due,
    payment: input.payment,
    at: now,
  });
  if (!opened.collectFirst) return;
  const runAt = new Date(now.getTime() + FIRST_COLLECTION_FALLBACK_MS);
  await enqueueFirstCollection({ db: tx }, { accountId: opened.account.accountId, at: now, runAt });
}

async function bindLocked(tx: Db, input: BindInput, now: Date): Promise<LockedBind> {
  const row = await lockProposalToBind(tx, input.proposalCode);
  const existing = await findPolicyByProposal(tx, row.proposalCode);
  if (existing) return alreadyBound(tx, { row, policy: existing, payment: input.payment, now });
  const toBind = quoteToBind(row, now);
  const opened = await openAccount(tx, { input, row, toBind, now });
  const policy = await createPolicy(tx, {
    input,
    row,
    toBind,
    policyNumber: opened.account.accountCode,
    now,
  });
  const { policyId, policyNumber } = policy;
  await queuePolicyWork(tx, { policyId, now });
  await billFirstPremium(tx, { input, row, toBind, opened, policyId, now });
  await markProposalBound(tx, { proposalCode: row.proposalCode, policyId, policyNumber, at: now });
  await auditBind(tx, { principal: input.principal, row, policyNumber, now });
  return {
    ...policy,
    created: true,
    ...(opened.collectFirst ? { collectFirstOf: opened.account.accountId } : {}),
  };
}

/**
 * A payment the provider took for a proposal that bind then refused (a webhook's bind after the
 * quote expired meanwhile, another amount): the money is posted to the customer's account and
 * refunded in full to the way they paid, with an audit row; the return page says so at once and
 * the refund's e-mail follows. A replay posts nothing again.
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
    await refundProposalPayment(tx, { proposal: row, payment: options.payment, at: now });
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
 * the customer's account and refunded in full. Anything else propagates and the provider's event
 * is retried.
 */
export const bindPaidProposal: ProposalPaidHandler = async (deps, paid) => {
  const webhook = paid.payment.provider === 'CARD' ? CARD_WEBHOOK : BANK_PAYMENT_WEBHOOK;
  if (paid.payment.amountPence !== paid.expectedAmountPence) {
    // Not what the checkout asked for (issue 21 item 4): no policy on a payment that does not
    // match the quote. The money is refunded in full and staff are told (audit, error log).
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
