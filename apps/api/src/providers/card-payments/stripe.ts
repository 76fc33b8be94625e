import Stripe from 'stripe';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type CardEvent,
  type CardPaymentsProvider,
  type MotoChargeResult,
  type ProviderPaymentRecord,
  type RefundResult,
  type CardPaidWith,
  type SavedCard,
} from './types';

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** A local fake server in tests; Stripe's API otherwise. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

type PaymentMethodLike = string | Stripe.PaymentMethod | null | undefined;

function toSavedCard(method: PaymentMethodLike, customer: unknown): SavedCard | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const customerId = typeof customer === 'string' ? customer : null;
  return {
    providerReference: method.id,
    providerCustomerReference: customerId,
    brand: method.card.brand,
    last4: method.card.last4,
  };
}

/** The card a payment method is, when Stripe gave it whole (expanded). */
function toPaidWith(method: PaymentMethodLike): CardPaidWith {
  if (!method || typeof method === 'string' || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4 };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** A PaymentIntent's outcome in our words: declined attempts that were never retried failed. */
function toPaymentStatus(intent: Stripe.PaymentIntent): ProviderPaymentRecord['status'] {
  if (intent.status === 'succeeded') return 'SUCCEEDED';
  if (intent.status === 'canceled') return 'FAILED';
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'FAILED';
  return 'PENDING';
}

/** Stripe's largest page of a list. */
const LIST_PAGE_SIZE = 100;

/**
 * Stripe: Checkout Sessions for pay and set-up, PaymentIntents with `moto` for phone payments.
 * Every create carries an idempotency key derived from our reference, so a retry after a timeout
 * never makes a second session or charge.
 */
export function createStripeCardPayments(options: StripeOptions): CardPaymentsProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
  });

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new ProviderUnavailableError(`Stripe ${what} failed`, { cause: error });
    }
  }

  async function mapCheckoutCompleted(
    eventId: string,
    object: Stripe.Checkout.Session,
  ): Promise<CardEvent> {
    // The event carries ids only: read the session back with its card to know what was saved.
    const session = await call('session retrieve', () =>
      stripe.checkout.sessions.retrieve(object.id, {
        expand: ['payment_intent.payment_method', 'setup_intent.payment_method'],
      }),
    );
    const reference = session.client_reference_id;
    if (session.mode === 'setup') {
      const intent = session.setup_intent as Stripe.SetupIntent | null;
      const card = toSavedCard(intent?.payment_method, session.customer);
      if (!card) return { type: 'IGNORED', eventId, vendorType: 'checkout.session.completed' };
      return { type: 'CARD_SAVED', eventId, providerSessionId: session.id, reference, card };
    }
    const intent = session.payment_intent as Stripe.PaymentIntent | null;
    const providerPaymentId = idOf(intent) ?? session.id;
    const base = { eventId, providerPaymentId, providerSessionId: session.id, reference };
    if (session.payment_status !== 'paid') {
      return { ...base, type: 'PAYMENT_PENDING', amountPence: session.amount_total ?? 0 };
    }
    const saved = intent?.setup_future_usage
      ? toSavedCard(intent.payment_method, session.customer)
      : null;
    return {
      ...base,
      type: 'PAYMENT_SUCCEEDED',
      amountPence: session.amount_total ?? 0,
      card: saved,
      paidWith: toPaidWith(intent?.payment_method),
    };
  }

  /** A refund that was `pending` now paid or not; any other change is not ours to act on. */
  function mapRefund(eventId: string, type: string, refund: Stripe.Refund): CardEvent {
    if (refund.status === 'succeeded') {
      return { type: 'REFUND_PAID', eventId, providerRefundId: refund.id };
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      const reason = refund.failure_reason ?? `Stripe refund ${refund.status}`;
      return { type: 'REFUND_FAILED', eventId, providerRefundId: refund.id, reason };
    }
    return { type: 'IGNORED', eventId, vendorType: type };
  }

  function mapIntent(eventId: string, type: string, intent: Stripe.PaymentIntent): CardEvent {
    const base = {
      eventId,
      providerPaymentId: intent.id,
      providerSessionId: null,
      reference: intent.metadata?.reference ?? null,
    };
    if (type === 'payment_intent.succeeded') {
      return {
        ...base,
        type: 'PAYMENT_SUCCEEDED',
        amountPence: intent.amount_received,
        card: null,
        // The event's intent names its payment method by id only: checkout.session.completed,
        // expanded above, is the event that says which card paid.
        paidWith: toPaidWith(intent.payment_method),
      };
    }
    if (type === 'payment_intent.payment_failed') {
      const message = intent.last_payment_error?.message ?? 'Your card was declined.';
      return { ...base, type: 'PAYMENT_FAILED', message };
    }
    return { ...base, type: 'PAYMENT_PENDING', amountPence: intent.amount };
  }

  /**
   * A saved card must belong to a Stripe customer to be charged later. One per attempt (keyed by
   * our reference), carrying our user id, so a retry reuses it.
   */
  async function createCustomer(reference: string, customerReference: string): Promise<string> {
    const customer = await call('customer create', () =>
      stripe.customers.create(
        { metadata: { customerReference } },
        { idempotencyKey: `customer-${reference}` },
      ),
    );
    return customer.id;
  }

  return {
    adapter: 'stripe',

    async createCheckoutSession(request) {
      const isSetup = request.mode === 'SETUP';
      const keepsCard = isSetup || request.saveCard;
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: isSetup ? 'setup' : 'payment',
        client_reference_id: request.reference,
        success_url: `${request.successUrl}${request.successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: request.cancelUrl,
        metadata: { reference: request.reference, customerReference: request.customerReference },
      };
      if (keepsCard) {
        params.customer = await createCustomer(request.reference, request.customerReference);
      }
      if (isSetup) {
        params.currency = 'gbp';
        params.allowed_payment_method_types = ['card'];
      } else {
        params.line_items = [
          {
            quantity: 1,
            price_data: {
              currency: 'gbp',
              unit_amount: request.amountPence,
              product_data: { name: request.description },
            },
          },
        ];
        params.payment_intent_data = {
          metadata: { reference: request.reference },
          ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        };
      }
      const session = await call('checkout session create', () =>
        stripe.checkout.sessions.create(params, {
          idempotencyKey: `checkout-${request.reference}`,
        }),
      );
      if (!session.url)
        throw new ProviderUnavailableError('Stripe answered a session without a URL');
      return { providerSessionId: session.id, url: session.url };
    },

    async chargeWithToken(request): Promise<MotoChargeResult> {
      if (request.tokenIssuedAfter) {
        // A token's age is Stripe's to tell (its created time); an unknown one is refused by the
        // charge below.
        const token = await stripe.tokens.retrieve(request.token).catch((error: unknown) => {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
          throw new ProviderUnavailableError('Stripe token retrieve failed', { cause: error });
        });
        if (token && token.created * 1000 < request.tokenIssuedAfter.getTime()) {
          return {
            status: 'DECLINED',
            providerPaymentId: null,
            message: 'This card token has expired.',
            reason: 'TOKEN_EXPIRED',
          };
        }
      }
      const customer = request.saveCard
        ? await createCustomer(request.reference, request.customerReference)
        : undefined;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            customer,
            amount: request.amountPence,
            currency: 'gbp',
            confirm: true,
            description: request.description,
            metadata: { reference: request.reference },
            // The API takes card[token] (a token from Stripe's card form); the typings leave it out.
            payment_method_data: {
              type: 'card',
              card: { token: request.token },
            } as unknown as Stripe.PaymentIntentCreateParams.PaymentMethodData,
            payment_method_options: { card: { moto: true } },
            ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            expand: ['payment_method'],
          },
          { idempotencyKey: `moto-${request.reference}` },
        );
        if (intent.status !== 'succeeded') {
          const failure = intent.last_payment_error;
          const message = failure?.message ?? 'Your card was declined.';
          return {
            status: 'DECLINED',
            providerPaymentId: intent.id,
            message,
            // Not failed but not done either (requires_action, processing): incomplete.
            ...(failure ? {} : { reason: 'INCOMPLETE' as const }),
            declineCode: failure?.decline_code ?? failure?.code ?? null,
          };
        }
        const card = request.saveCard ? toSavedCard(intent.payment_method, intent.customer) : null;
        return {
          status: 'SUCCEEDED',
          providerPaymentId: intent.id,
          card,
          paidWith: toPaidWith(intent.payment_method),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intentId = error.payment_intent?.id ?? null;
          return {
            status: 'DECLINED',
            providerPaymentId: intentId,
            message: error.message,
            declineCode: error.decline_code ?? error.code ?? null,
          };
        }
        throw new ProviderUnavailableError('Stripe payment intent create failed', { cause: error });
      }
    },

    async chargeSavedCard(request): Promise<MotoChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            customer: request.card.providerCustomerReference ?? undefined,
            payment_method: request.card.providerReference,
            amount: request.amountPence,
            currency: 'gbp',
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { reference: request.reference },
          },
          { idempotencyKey: `off-session-${request.reference}` },
        );
        if (intent.status !== 'succeeded') {
          const message = intent.last_payment_error?.message ?? 'Your card was declined.';
          return { status: 'DECLINED', providerPaymentId: intent.id, message };
        }
        // The saved card charged: the caller has it.
        return { status: 'SUCCEEDED', providerPaymentId: intent.id, card: null, paidWith: null };
      } catch (error) {
        // Declined, or the card needs its holder (authentication_required): an answer.
        if (error instanceof Stripe.errors.StripeCardError) {
          const intentId = error.payment_intent?.id ?? null;
          return { status: 'DECLINED', providerPaymentId: intentId, message: error.message };
        }
        throw new ProviderUnavailableError('Stripe off-session charge failed', { cause: error });
      }
    },

    async refundPayment({ reference, providerPaymentId, amountPence }): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: providerPaymentId, amount: amountPence, metadata: { reference } },
          { idempotencyKey: `refund-${reference}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          const message = refund.failure_reason ?? `Stripe refund ${refund.status}`;
          return { status: 'FAILED', providerRefundId: refund.id, message };
        }
        // `pending` (or `requires_action`): taken, and its `refund.updated` event says the rest.
        if (refund.status !== 'succeeded') return { status: 'SENT', providerRefundId: refund.id };
        return { status: 'PAID', providerRefundId: refund.id };
      } catch (error) {
        // Refused (already refunded, too much, no such payment): an answer, not worth retrying.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'FAILED', providerRefundId: null, message: error.message };
        }
        throw new ProviderUnavailableError('Stripe refund failed', { cause: error });
      }
    },

    async listPayments() {
      // Every PaymentIntent and every refund, page by page (the SDK follows the cursors).
      const refunded = new Map<string, number>();
      const records: ProviderPaymentRecord[] = [];
      await call('refund list', async () => {
        for await (const refund of stripe.refunds.list({ limit: LIST_PAGE_SIZE })) {
          const intentId = idOf(refund.payment_intent);
          if (!intentId || refund.status === 'failed' || refund.status === 'canceled') continue;
          refunded.set(intentId, (refunded.get(intentId) ?? 0) + refund.amount);
        }
      });
      await call('payment intent list', async () => {
        for await (const intent of stripe.paymentIntents.list({ limit: LIST_PAGE_SIZE })) {
          const status = toPaymentStatus(intent);
          records.push({
            providerPaymentId: intent.id,
            reference: intent.metadata?.reference ?? null,
            status,
            amountPence: status === 'SUCCEEDED' ? intent.amount_received : intent.amount,
            refundedPence: refunded.get(intent.id) ?? 0,
          });
        }
      });
      return records;
    },

    async parseWebhook({ rawBody, headers, now }) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers['stripe-signature'] ?? '',
          options.webhookSecret,
          300,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : undefined);
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return mapCheckoutCompleted(event.id, event.data.object);
        case 'payment_intent.created':
        case 'payment_intent.processing':
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
          return mapIntent(event.id, event.type, event.data.object);
        case 'refund.updated':
        case 'refund.failed':
        case 'charge.refund.updated':
          return mapRefund(event.id, event.type, event.data.object);
        default:
          return { type: 'IGNORED', eventId: event.id, vendorType: event.type };
      }
    },
  };
}
