import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentMethodType } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type CardEvent,
} from '../../providers/card-payments';
import type { DirectDebitEvent } from '../../providers/direct-debit';
import * as repository from './repository';
import { checkCardEvent, checkDirectDebitEvent } from './webhook-events';
import { saveCard } from './service';
import { BANK_PAYMENT_DESCRIPTION, resolveBankPayment } from './bank-payments';

// Webhooks (docs/domain.md "Money"): the signature is checked on the raw body before anything is
// stored; the event id is stored (a duplicate answers 2xx and does nothing); processing is
// idempotent and does not depend on arrival order (collection statuses only move forward, sessions
// complete once, bind is idempotent per proposal). An event whose processing failed stays
// unprocessed, so the provider's redelivery runs it again.

type Provider = 'CARD' | 'DIRECT_DEBIT';

export const BAD_SIGNATURE_MESSAGE = 'The webhook signature is missing or does not match.';
export const WEBHOOK_NOT_JSON_MESSAGE = 'The webhook body is not JSON.';
export const WEBHOOK_EVENT_INVALID_MESSAGE =
  'The webhook event is not whole (an id, a known type and its fields).';

/** A provider's payment as the ledger records it. */
export type ProviderPayment = {
  provider: 'CARD' | 'DIRECT_DEBIT';
  /** The provider's id of the payment: the ledger's idempotency key for it. */
  providerPaymentId: string;
  amountPence: number;
  /** False while the provider has not settled it (the ledger line stays PENDING). */
  settled: boolean;
  /** The statement's words when not the provider's usual ones (an instant bank payment). */
  description?: string;
};

/**
 * What happens once a checkout for a proposal is paid: the bind flow, handed in by the route
 * (flows sit above modules; this module only says that it happened).
 */
export type ProposalPaidHandler = (
  deps: ServiceDeps,
  paid: {
    proposalCode: string;
    paymentMethodType: PaymentMethodType;
    payment: ProviderPayment;
    /** What the checkout session asked for: a payment of any other amount must not bind. */
    expectedAmountPence: number;
  },
) => Promise<void>;

/**
 * What happens once a checkout for a policy change is paid: the adjustment flow confirms the
 * change (or keeps the money on the customer's account when it no longer can).
 */
export type AdjustmentPaidHandler = (
  deps: ServiceDeps,
  paid: { adjustmentId: string; payment: ProviderPayment; expectedAmountPence: number },
) => Promise<void>;

/** What happens once a checkout for an account's outstanding balance is paid: post it there. */
export type SettlementPaidHandler = (
  deps: ServiceDeps,
  paid: { accountId: string; payment: ProviderPayment; expectedAmountPence: number },
) => Promise<void>;

/**
 * What happens once a provider says a refund it took (SENT) was paid to the customer, or could
 * not be: the refund flow posts it or puts it in the staff queue.
 */
export type RefundOutcomeHandler = (
  deps: ServiceDeps,
  outcome: { providerRefundId: string } & ({ paid: true } | { paid: false; reason: string }),
) => Promise<void>;

/**
 * What a paid checkout session goes on to (bind a proposal, confirm a change, settle a balance),
 * and what a refund's outcome goes on to.
 */
export type PaidHandlers = {
  onProposalPaid: ProposalPaidHandler;
  onAdjustmentPaid: AdjustmentPaidHandler;
  onSettlementPaid: SettlementPaidHandler;
  onRefundOutcome: RefundOutcomeHandler;
};

/** A provider's word on a refund it took (either provider): handed to the refund flow. */
function refundOutcome(
  deps: ServiceDeps,
  event: Extract<CardEvent | DirectDebitEvent, { providerRefundId: string }>,
  handlers: PaidHandlers,
): Promise<void> {
  const { providerRefundId } = event;
  return handlers.onRefundOutcome(
    deps,
    event.type === 'REFUND_PAID'
      ? { providerRefundId, paid: true }
      : { providerRefundId, paid: false, reason: event.reason },
  );
}

/** A card session the provider has finished: its card kept when there is one to keep, then done. */
async function completeCardSession(
  deps: ServiceDeps,
  session: repository.PaymentSessionRow,
  options: {
    card: Parameters<typeof saveCard>[1]['card'] | null;
    providerPaymentId: string | null;
    at: Date;
  },
) {
  const { card, at } = options;
  if (card) {
    const adapter = deps.providers.cardPayments.adapter;
    await saveCard(deps.db, { ownerUserId: session.ownerUserId, adapter, card, at });
  }
  await repository.completeSession(deps.db, {
    sessionId: session.sessionId,
    providerPaymentId: options.providerPaymentId,
    at,
  });
}

async function processCardEvent(
  deps: ServiceDeps,
  event: CardEvent,
  handlers: PaidHandlers,
): Promise<void> {
  if (event.type === 'IGNORED') return;
  if (event.type === 'REFUND_PAID' || event.type === 'REFUND_FAILED') {
    return refundOutcome(deps, event, handlers);
  }
  const now = deps.clock.now();
  const adapter = deps.providers.cardPayments.adapter;
  const session =
    (event.reference ? await repository.findSession(deps.db, event.reference) : null) ??
    (event.providerSessionId
      ? await repository.findSessionByProviderId(deps.db, {
          adapter,
          providerSessionId: event.providerSessionId,
        })
      : null);
  if (event.type === 'CARD_SAVED') {
    if (!session) return;
    await completeCardSession(deps, session, {
      card: event.card,
      providerPaymentId: null,
      at: now,
    });
    return;
  }
  const base = {
    providerPaymentId: event.providerPaymentId,
    provider: 'CARD' as const,
    ownerUserId: session?.ownerUserId ?? null,
    sessionId: session?.sessionId ?? null,
    proposalCode: session?.proposalCode ?? null,
    at: now,
  };
  if (event.type === 'PAYMENT_PENDING') {
    await repository.recordCollectionStatus(deps.db, {
      ...base,
      amountPence: event.amountPence,
      status: 'PENDING',
    });
    return;
  }
  if (event.type === 'PAYMENT_FAILED') {
    await repository.recordCollectionStatus(deps.db, {
      ...base,
      amountPence: session?.amountPence ?? 0,
      status: 'FAILED',
      failureReason: event.message,
    });
    return;
  }
  const collection = await repository.recordCollectionStatus(deps.db, {
    ...base,
    amountPence: event.amountPence,
    status: 'SETTLED',
    cardLast4: event.paidWith?.last4 ?? null,
  });
  if (!session) return;
  await completeCardSession(deps, session, {
    card: session.saveCard ? event.card : null,
    providerPaymentId: event.providerPaymentId,
    at: now,
  });
  if (session.kind !== 'CARD_CHECKOUT' || collection.status !== 'SETTLED') return;
  const payment: ProviderPayment = {
    provider: 'CARD',
    providerPaymentId: event.providerPaymentId,
    amountPence: event.amountPence,
    settled: true,
  };
  if (session.adjustmentId) {
    await handlers.onAdjustmentPaid(deps, {
      adjustmentId: session.adjustmentId,
      expectedAmountPence: session.amountPence,
      payment,
    });
  } else if (session.proposalCode) {
    await handlers.onProposalPaid(deps, {
      proposalCode: session.proposalCode,
      paymentMethodType: session.paymentMethodType ?? 'CARD',
      expectedAmountPence: session.amountPence,
      payment,
    });
  } else if (session.clientReference) {
    // A checkout's clientReference is the account whose balance it settles (service.ts).
    await handlers.onSettlementPaid(deps, {
      accountId: session.clientReference,
      expectedAmountPence: session.amountPence,
      payment,
    });
  }
}

/**
 * An instant bank payment the provider now confirms binds its proposal (then the session is
 * completed, so the customer's return page sees PAID only with the policy made); one it refused
 * or the customer cancelled fails the session, and the customer may choose another method.
 */
async function settleBankPayment(
  deps: ServiceDeps,
  session: repository.PaymentSessionRow,
  handlers: PaidHandlers,
): Promise<void> {
  const outcome = await resolveBankPayment(deps, session);
  if (outcome.kind !== 'PAID' || !session.proposalCode) return;
  await handlers.onProposalPaid(deps, {
    proposalCode: session.proposalCode,
    paymentMethodType: 'BACS_DEBIT',
    expectedAmountPence: session.amountPence,
    payment: {
      provider: 'DIRECT_DEBIT',
      providerPaymentId: outcome.providerPaymentId,
      amountPence: outcome.amountPence,
      settled: true,
      description: BANK_PAYMENT_DESCRIPTION,
    },
  });
  await repository.completeSession(deps.db, {
    sessionId: session.sessionId,
    providerPaymentId: outcome.providerPaymentId,
    at: deps.clock.now(),
  });
}

async function processDirectDebitEvent(
  deps: ServiceDeps,
  event: DirectDebitEvent,
  handlers: PaidHandlers,
): Promise<void> {
  const now = deps.clock.now();
  const adapter = deps.providers.directDebit.adapter;
  switch (event.type) {
    case 'IGNORED':
      return;
    case 'REFUND_PAID':
    case 'REFUND_FAILED':
      return refundOutcome(deps, event, handlers);
    case 'BANK_PAYMENT_FULFILLED':
    case 'BANK_PAYMENT_CANCELLED': {
      // Whatever the event says, the provider's own record decides (events may come in any order).
      const session = await repository.findSessionByProviderId(deps.db, {
        adapter,
        providerSessionId: event.flowId,
      });
      if (session?.kind === 'BANK_PAYMENT') await settleBankPayment(deps, session, handlers);
      return;
    }
    case 'MANDATE_ACTIVE':
    case 'MANDATE_CANCELLED':
      await repository.setPaymentMethodStatus(deps.db, {
        adapter,
        providerReference: event.mandateId,
        status: event.type === 'MANDATE_ACTIVE' ? 'ACTIVE' : 'CANCELLED',
        at: now,
      });
      return;
    default: {
      const status = (
        {
          COLLECTION_PENDING: 'PENDING',
          COLLECTION_SUBMITTED: 'SUBMITTED',
          COLLECTION_SETTLED: 'SETTLED',
          COLLECTION_FAILED: 'FAILED',
        } as const
      )[event.type];
      // Amount 0 only when we hear of a collection before we stored it: greatest() keeps ours.
      const collection = await repository.recordCollectionStatus(deps.db, {
        providerPaymentId: event.providerPaymentId,
        provider: 'DIRECT_DEBIT',
        amountPence: 0,
        status,
        failureReason: event.type === 'COLLECTION_FAILED' ? event.reason : null,
        at: now,
      });
      // An instant bank payment's own payment confirmed or failed: its session binds or fails.
      if ((status === 'SETTLED' || status === 'FAILED') && collection.sessionId) {
        const session = await repository.findSession(deps.db, collection.sessionId);
        if (session?.kind === 'BANK_PAYMENT' && session.status === 'OPEN') {
          await settleBankPayment(deps, session, handlers);
        }
      }
    }
  }
}

/** Verifies, stores and processes one webhook delivery; answers how many events were new. */
export async function receiveWebhook(
  deps: ServiceDeps,
  options: {
    provider: Provider;
    rawBody: Buffer;
    headers: IncomingHttpHeaders;
    handlers: PaidHandlers;
  },
): Promise<{ received: number; duplicates: number }> {
  const now = deps.clock.now();
  const input = { rawBody: options.rawBody, headers: options.headers, now };
  let events: (CardEvent | DirectDebitEvent)[];
  try {
    events =
      options.provider === 'CARD'
        ? [await deps.providers.cardPayments.parseWebhook(input)]
        : await deps.providers.directDebit.parseWebhook(input);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError('BAD_REQUEST', BAD_SIGNATURE_MESSAGE, undefined, { cause: error });
    }
    // Reading the event's details back from the provider failed: 503, and it redelivers.
    if (error instanceof ProviderUnavailableError) {
      throw new AppError('UNAVAILABLE', 'The payment provider is not answering.', undefined, {
        cause: error,
      });
    }
    // Signed, but not JSON: no redelivery will mend it.
    if (error instanceof SyntaxError) {
      throw new AppError('BAD_REQUEST', WEBHOOK_NOT_JSON_MESSAGE, undefined, { cause: error });
    }
    throw error;
  }
  const checked = Array.isArray(events)
    ? events.map((event) =>
        options.provider === 'CARD' ? checkCardEvent(event) : checkDirectDebitEvent(event),
      )
    : [null];
  if (checked.some((event) => event === null)) {
    deps.log.warn({ provider: options.provider }, 'a signed webhook event is not whole: refused');
    throw new AppError('BAD_REQUEST', WEBHOOK_EVENT_INVALID_MESSAGE);
  }
  events = checked as (CardEvent | DirectDebitEvent)[];
  let received = 0;
  let duplicates = 0;
  for (const event of events) {
    const state = await repository.recordWebhookEvent(deps.db, {
      provider: options.provider,
      eventId: event.eventId,
      type: event.type,
      event,
      receivedAt: now,
    });
    if (state === 'DONE') {
      duplicates += 1;
      continue;
    }
    received += 1;
    if (options.provider === 'CARD') {
      await processCardEvent(deps, event as CardEvent, options.handlers);
    } else await processDirectDebitEvent(deps, event as DirectDebitEvent, options.handlers);
    await repository.markWebhookEventProcessed(deps.db, {
      provider: options.provider,
      eventId: event.eventId,
      at: deps.clock.now(),
    });
  }
  return { received, duplicates };
}
