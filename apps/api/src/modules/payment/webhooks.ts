import type { IncomingHttpHeaders } from 'node:http';
import type { App } from '../../app';
import { AppError } from '../../errors';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type CardEvent,
} from '../../providers/card-payments';
import type { DirectDebitEvent } from '../../providers/direct-debit';
import { bindProposal, recordPaymentWithoutBind, type SystemPrincipal } from '../policy/bind';
import * as repository from './repository';
import { saveCard } from './service';

// Webhooks (DESIGN.md §5): the signature is checked on the raw body before anything is stored;
// the event id is stored (a duplicate answers 2xx and does nothing); processing is idempotent
// and does not depend on arrival order (collection statuses only move forward, sessions complete
// once, bind is idempotent per proposal). An event whose processing failed stays unprocessed, so
// the provider's redelivery runs it again.

type Provider = 'CARD' | 'DIRECT_DEBIT';

export const BAD_SIGNATURE_MESSAGE = 'The webhook signature is missing or does not match.';

const CARD_WEBHOOK: SystemPrincipal = { kind: 'system', name: 'card-webhook' };

async function processCardEvent(app: App, event: CardEvent): Promise<void> {
  if (event.type === 'IGNORED') return;
  const now = app.clock.now();
  const adapter = app.providers.cardPayments.adapter;
  const session =
    (event.reference ? await repository.findSession(app.db, event.reference) : null) ??
    (event.providerSessionId
      ? await repository.findSessionByProviderId(app.db, {
          adapter,
          providerSessionId: event.providerSessionId,
        })
      : null);
  if (event.type === 'CARD_SAVED') {
    if (!session) return;
    await saveCard(app.db, {
      ownerUserId: session.ownerUserId,
      adapter,
      card: event.card,
      at: now,
    });
    await repository.completeSession(app.db, {
      sessionId: session.sessionId,
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
    await repository.recordCollectionStatus(app.db, {
      ...base,
      amountPence: event.amountPence,
      status: 'PENDING',
    });
    return;
  }
  if (event.type === 'PAYMENT_FAILED') {
    await repository.recordCollectionStatus(app.db, {
      ...base,
      amountPence: session?.amountPence ?? 0,
      status: 'FAILED',
      failureReason: event.message,
    });
    return;
  }
  const collection = await repository.recordCollectionStatus(app.db, {
    ...base,
    amountPence: event.amountPence,
    status: 'SETTLED',
  });
  if (!session) return;
  if (event.card && session.saveCard) {
    await saveCard(app.db, {
      ownerUserId: session.ownerUserId,
      adapter,
      card: event.card,
      at: now,
    });
  }
  await repository.completeSession(app.db, {
    sessionId: session.sessionId,
    providerPaymentId: event.providerPaymentId,
    at: now,
  });
  if (session.kind !== 'CARD_CHECKOUT' || !session.proposalCode) return;
  if (collection.status !== 'SETTLED') return;
  const payment = {
    provider: 'CARD' as const,
    providerPaymentId: event.providerPaymentId,
    amountPence: event.amountPence,
    settled: true,
  };
  try {
    await bindProposal(app, {
      proposalCode: session.proposalCode,
      principal: CARD_WEBHOOK,
      paymentMethodType: session.paymentMethodType ?? 'CARD',
      payment,
    });
  } catch (error) {
    // A business refusal (expired quote, ...) will not change on redelivery: the money was taken,
    // so it is posted to the customer's account as a credit and staff bind by hand or refund.
    // Anything else propagates and the event is retried.
    if (!(error instanceof AppError)) throw error;
    await recordPaymentWithoutBind(app, {
      proposalCode: session.proposalCode,
      payment,
      actor: `system:${CARD_WEBHOOK.name}`,
    });
    app.log.error(
      {
        err: error,
        proposalCode: session.proposalCode,
        providerPaymentId: event.providerPaymentId,
      },
      'card payment succeeded but the proposal could not be bound',
    );
  }
}

async function processDirectDebitEvent(app: App, event: DirectDebitEvent): Promise<void> {
  const now = app.clock.now();
  const adapter = app.providers.directDebit.adapter;
  switch (event.type) {
    case 'IGNORED':
      return;
    case 'MANDATE_ACTIVE':
    case 'MANDATE_CANCELLED':
      await repository.setPaymentMethodStatus(app.db, {
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
      await repository.recordCollectionStatus(app.db, {
        providerPaymentId: event.providerPaymentId,
        provider: 'DIRECT_DEBIT',
        amountPence: 0,
        status,
        failureReason: event.type === 'COLLECTION_FAILED' ? event.reason : null,
        at: now,
      });
    }
  }
}

/** Verifies, stores and processes one webhook delivery; answers how many events were new. */
export async function receiveWebhook(
  app: App,
  options: { provider: Provider; rawBody: Buffer; headers: IncomingHttpHeaders },
): Promise<{ received: number; duplicates: number }> {
  const now = app.clock.now();
  const input = { rawBody: options.rawBody, headers: options.headers, now };
  let events: (CardEvent | DirectDebitEvent)[];
  try {
    events =
      options.provider === 'CARD'
        ? [await app.providers.cardPayments.parseWebhook(input)]
        : await app.providers.directDebit.parseWebhook(input);
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
    throw error;
  }
  let received = 0;
  let duplicates = 0;
  for (const event of events) {
    const state = await repository.recordWebhookEvent(app.db, {
      provider: options.provider,
      eventId: event.eventId,
      type: event.type,
      event: event as unknown as Record<string, unknown>,
      receivedAt: now,
    });
    if (state === 'DONE') {
      duplicates += 1;
      continue;
    }
    received += 1;
    if (options.provider === 'CARD') await processCardEvent(app, event as CardEvent);
    else await processDirectDebitEvent(app, event as DirectDebitEvent);
    await repository.markWebhookEventProcessed(app.db, {
      provider: options.provider,
      eventId: event.eventId,
      at: app.clock.now(),
    });
  }
  return { received, duplicates };
}
