import { createHash, randomBytes } from 'node:crypto';
import { checkCardInput, normaliseCardNumber, type CardErrors, type CardInput } from './card-check';
import type { SandboxStore } from './sandbox-store';
import {
  paymentSandboxParts,
  sandboxId,
  type PaymentSandboxOptions,
  type SandboxDelivery,
} from './payment-sandbox';
import type {
  CardCheckoutRequest,
  CardEvent,
  CardPaymentsProvider,
  MotoChargeResult,
  ProviderPaymentRecord,
  RefundResult,
  SavedCard,
} from './types';

/**
 * The sandbox's test cards (any future expiry, any 3-digit CVC), as Stripe's test mode has them.
 * Other numbers are refused: the sandbox never sees a real card.
 */
const SANDBOX_TEST_CARDS = {
  '4242424242424242': { outcome: 'SUCCEEDS', brand: 'visa' },
  '4000000000000002': { outcome: 'DECLINED', brand: 'visa' },
  '4000002500003155': { outcome: 'AUTHENTICATE', brand: 'visa' },
} as const;
type TestCardNumber = keyof typeof SANDBOX_TEST_CARDS;

export const SANDBOX_MESSAGES = {
  notTestCard: 'Use a sandbox test card, for example 4242 4242 4242 4242',
  declined: 'Your card was declined.',
  authenticationFailed: 'We could not authenticate your payment.',
  unknownToken: 'No such card token (a token can be used once).',
  tokenExpired: 'This card token has expired.',
  unknownCard: 'No such saved card.',
  authenticationRequired: 'This card needs the cardholder to authenticate the payment.',
  unknownPayment: 'No such payment (sandbox).',
  refundTooMuch: 'The refund is more than was paid (sandbox).',
} as const;

export type SandboxSession = CardCheckoutRequest & {
  providerSessionId: string;
  status: 'OPEN' | 'AUTHENTICATING' | 'COMPLETED';
  /** The card waiting for authentication (never its number). */
  pendingCard: { brand: string; last4: string } | null;
  providerPaymentId: string | null;
};

type SandboxToken = {
  token: string;
  brand: string;
  last4: string;
  outcome: string;
  used: boolean;
  /** When it was made (ISO); tokens stored before it was kept count as new. */
  createdAt?: string;
};

/** Stripe's decline code for its generic declined test card (4000 0000 0000 0002). */
const SANDBOX_DECLINE_CODE = 'generic_decline';

export type SubmitOutcome =
  | { kind: 'INVALID'; errors: CardErrors }
  | { kind: 'DECLINED'; message: string; cancelUrl: string; deliveries: SandboxDelivery[] }
  | { kind: 'AUTHENTICATE' }
  | { kind: 'COMPLETED'; redirectUrl: string; deliveries: SandboxDelivery[] }
  | { kind: 'NOT_OPEN'; session: SandboxSession | null };

const SESSION = 'card-session';
const TOKEN = 'card-token';
const BY_REFERENCE = 'card-reference';
const SAVED_CARD = 'card-saved';
const PAYMENT = 'card-payment';
const REFUND = 'card-refund';

/** A saved card as the sandbox keeps it: 3155 (authentication) cannot be charged off-session. */
type SandboxSavedCard = { providerReference: string; needsAuthentication: boolean };
/** The sandbox's own record of a payment; records kept before it listed them lack the id. */
type SandboxPayment = { amountPence: number; refundedPence: number } & Partial<
  Pick<ProviderPaymentRecord, 'providerPaymentId' | 'reference' | 'status'>
>;

function withQuery(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

export type SandboxCardPayments = CardPaymentsProvider & {
  adapter: 'sandbox';
  /** The app's database store replaces the in-memory one (see sandbox-store.ts). */
  connectStore(store: SandboxStore): void;
  getSession(providerSessionId: string): Promise<SandboxSession | null>;
  submitCard(options: {
    providerSessionId: string;
    card: CardInput;
    now: Date;
  }): Promise<SubmitOutcome>;
  authenticate(options: {
    providerSessionId: string;
    approve: boolean;
    now: Date;
  }): Promise<SubmitOutcome>;
  tokenize(options: {
    card: CardInput;
    now: Date;
  }): Promise<
    { kind: 'INVALID'; errors: CardErrors } | { kind: 'TOKEN'; token: string; last4: string }
  >;
  /** Signs an event as the sandbox would send it (tests use it for crafted deliveries). */
  signEvent(event: CardEvent, now: Date): SandboxDelivery;
};

/** The offline card provider: hosted checkout and set-up pages, MOTO tokens, signed webhooks. */
export function createSandboxCardPayments(
  options: PaymentSandboxOptions = {},
): SandboxCardPayments {
  const parts = paymentSandboxParts('CARD', options);
  const { faults, webhooks } = parts;
  let store = parts.store;
  const signEvent = (event: CardEvent, now: Date): SandboxDelivery => webhooks.sign(event, now);

  const testCardOf = (card: CardInput) =>
    SANDBOX_TEST_CARDS[normaliseCardNumber(card.number) as TestCardNumber] ?? null;

  function checkTestCard(card: CardInput, now: Date): CardErrors {
    const errors = checkCardInput(card, now);
    if (!errors.number && !testCardOf(card)) errors.number = SANDBOX_MESSAGES.notTestCard;
    return errors;
  }

  async function complete(
    session: SandboxSession,
    card: { brand: string; last4: string },
    now: Date,
  ): Promise<SubmitOutcome> {
    const id = session.providerSessionId;
    const saved: SavedCard = {
      providerReference: sandboxId('pm'),
      providerCustomerReference: session.customerReference,
      ...card,
    };
    const reference = session.reference;
    const needsAuthentication = session.status === 'AUTHENTICATING';
    if (session.mode === 'SETUP' || session.saveCard) {
      await store.put(SAVED_CARD, saved.providerReference, {
        providerReference: saved.providerReference,
        needsAuthentication,
      } satisfies SandboxSavedCard);
    }
    let event: CardEvent;
    if (session.mode === 'SETUP') {
      event = {
        type: 'CARD_SAVED',
        eventId: sandboxId('evt'),
        providerSessionId: id,
        reference,
        card: saved,
      };
    } else {
      // Derived from the session: a double-submitted form cannot make a second payment.
      session.providerPaymentId = `py_sandbox_${createHash('sha256').update(id).digest('base64url').slice(0, 16)}`;
      await putPayment(session.providerPaymentId, session.amountPence, reference);
      event = {
        type: 'PAYMENT_SUCCEEDED',
        eventId: sandboxId('evt'),
        providerPaymentId: session.providerPaymentId,
        providerSessionId: id,
        reference,
        amountPence: session.amountPence,
        card: session.saveCard ? saved : null,
        paidWith: card,
      };
    }
    // Signed (and captured) before the session completes: no completed payment lacks its event.
    const delivery = signEvent(event, now);
    await store.put(SESSION, id, { ...session, status: 'COMPLETED', pendingCard: null });
    return {
      kind: 'COMPLETED',
      redirectUrl: withQuery(session.successUrl, 'session_id', id),
      deliveries: [delivery],
    };
  }

  async function decline(
    session: SandboxSession,
    message: string,
    now: Date,
  ): Promise<SubmitOutcome> {
    const failedId = sandboxId('py');
    if (session.mode === 'PAYMENT') {
      await putPayment(failedId, session.amountPence, session.reference, 'FAILED');
    }
    const deliveries =
      session.mode === 'PAYMENT'
        ? [
            signEvent(
              {
                type: 'PAYMENT_FAILED',
                eventId: sandboxId('evt'),
                providerPaymentId: failedId,
                providerSessionId: session.providerSessionId,
                reference: session.reference,
                message,
              },
              now,
            ),
          ]
        : [];
    return { kind: 'DECLINED', message, cancelUrl: session.cancelUrl, deliveries };
  }

  const getSession = (id: string) => store.get<SandboxSession>(SESSION, id);
  const putPayment = (
    providerPaymentId: string,
    amountPence: number,
    reference: string,
    status: ProviderPaymentRecord['status'] = 'SUCCEEDED',
  ) =>
    store.put(PAYMENT, providerPaymentId, {
      providerPaymentId,
      reference,
      status,
      amountPence,
      refundedPence: 0,
    } satisfies SandboxPayment);

  const sandbox: SandboxCardPayments = {
    adapter: 'sandbox',
    connectStore(next) {
      store = next;
    },
    getSession,
    signEvent,

    async createCheckoutSession(request) {
      // The same reference answers the same session, as an idempotency key would.
      const known = await store.get<{ id: string }>(BY_REFERENCE, request.reference);
      const existing = known ? await getSession(known.id) : null;
      if (existing) return { providerSessionId: existing.providerSessionId, url: urlOf(existing) };
      const session: SandboxSession = {
        ...request,
        saveCard: request.mode === 'SETUP' || request.saveCard,
        providerSessionId: sandboxId('cs'),
        status: 'OPEN',
        pendingCard: null,
        providerPaymentId: null,
      };
      await store.put(SESSION, session.providerSessionId, session);
      await store.put(BY_REFERENCE, request.reference, { id: session.providerSessionId });
      return { providerSessionId: session.providerSessionId, url: urlOf(session) };
    },

    async submitCard({ providerSessionId, card, now }) {
      const session = await getSession(providerSessionId);
      if (!session || session.status !== 'OPEN') return { kind: 'NOT_OPEN', session };
      const errors = checkTestCard(card, now);
      if (Object.keys(errors).length > 0) return { kind: 'INVALID', errors };
      const testCard = testCardOf(card)!;
      const summary = { brand: testCard.brand, last4: normaliseCardNumber(card.number).slice(-4) };
      if (testCard.outcome === 'DECLINED') return decline(session, SANDBOX_MESSAGES.declined, now);
      if (testCard.outcome === 'AUTHENTICATE') {
        await store.put(SESSION, providerSessionId, {
          ...session,
          status: 'AUTHENTICATING',
          pendingCard: summary,
        });
        return { kind: 'AUTHENTICATE' };
      }
      return complete(session, summary, now);
    },

    async authenticate({ providerSessionId, approve, now }) {
      const session = await getSession(providerSessionId);
      if (!session || session.status !== 'AUTHENTICATING' || !session.pendingCard) {
        return { kind: 'NOT_OPEN', session };
      }
      if (approve) return complete(session, session.pendingCard, now);
      await store.put(SESSION, providerSessionId, {
        ...session,
        status: 'OPEN',
        pendingCard: null,
      });
      return decline(session, SANDBOX_MESSAGES.authenticationFailed, now);
    },

    async tokenize({ card, now }) {
      const errors = checkTestCard(card, now);
      if (Object.keys(errors).length > 0) return { kind: 'INVALID', errors };
      const testCard = testCardOf(card)!;
      const token = `tok_sandbox${randomBytes(12).toString('hex')}`;
      const last4 = normaliseCardNumber(card.number).slice(-4);
      const record: SandboxToken = {
        token,
        brand: testCard.brand,
        last4,
        outcome: testCard.outcome,
        used: false,
        createdAt: now.toISOString(),
      };
      await store.put(TOKEN, token, record);
      return { kind: 'TOKEN', token, last4 };
    },

    async chargeWithToken(request): Promise<MotoChargeResult> {
      const done = await store.get<MotoChargeResult>('card-charge', request.reference);
      if (done) return done;
      const record = await store.get<SandboxToken>(TOKEN, request.token);
      let result: MotoChargeResult;
      if (!record || record.used) {
        result = {
          status: 'DECLINED',
          providerPaymentId: null,
          message: SANDBOX_MESSAGES.unknownToken,
        };
      } else if (
        request.tokenIssuedAfter &&
        record.createdAt &&
        Date.parse(record.createdAt) < request.tokenIssuedAfter.getTime()
      ) {
        // Nothing charged and the token left as it was: the caller asks for a new one.
        return {
          status: 'DECLINED',
          providerPaymentId: null,
          message: SANDBOX_MESSAGES.tokenExpired,
          reason: 'TOKEN_EXPIRED',
        };
      } else if (record.outcome === 'DECLINED') {
        result = {
          status: 'DECLINED',
          providerPaymentId: sandboxId('py'),
          message: SANDBOX_MESSAGES.declined,
          declineCode: SANDBOX_DECLINE_CODE,
        };
        await putPayment(
          result.providerPaymentId!,
          request.amountPence,
          request.reference,
          'FAILED',
        );
      } else {
        // Phone payments are out of scope of strong customer authentication: 3155 succeeds here.
        const card: SavedCard = {
          providerReference: sandboxId('pm'),
          providerCustomerReference: request.customerReference,
          brand: record.brand,
          last4: record.last4,
        };
        result = {
          status: 'SUCCEEDED',
          providerPaymentId: sandboxId('py'),
          card: request.saveCard ? card : null,
          paidWith: { brand: record.brand, last4: record.last4 },
        };
        await putPayment(result.providerPaymentId, request.amountPence, request.reference);
        if (request.saveCard) {
          await store.put(SAVED_CARD, card.providerReference, {
            providerReference: card.providerReference,
            needsAuthentication: record.outcome === 'AUTHENTICATE',
          } satisfies SandboxSavedCard);
        }
      }
      if (record) await store.put(TOKEN, request.token, { ...record, used: true });
      await store.put('card-charge', request.reference, result);
      return result;
    },

    async chargeSavedCard(request): Promise<MotoChargeResult> {
      const done = await store.get<MotoChargeResult>('card-charge', request.reference);
      if (done) return done;
      const card = await store.get<SandboxSavedCard>(SAVED_CARD, request.card.providerReference);
      let result: MotoChargeResult;
      if (!card || card.needsAuthentication) {
        result = {
          status: 'DECLINED',
          providerPaymentId: card ? sandboxId('py') : null,
          message: card ? SANDBOX_MESSAGES.authenticationRequired : SANDBOX_MESSAGES.unknownCard,
        };
        if (result.providerPaymentId) {
          await putPayment(
            result.providerPaymentId,
            request.amountPence,
            request.reference,
            'FAILED',
          );
        }
      } else {
        // The saved card charged: the caller has it.
        result = {
          status: 'SUCCEEDED',
          providerPaymentId: sandboxId('py'),
          card: null,
          paidWith: null,
        };
        await putPayment(result.providerPaymentId, request.amountPence, request.reference);
      }
      await store.put('card-charge', request.reference, result);
      return result;
    },

    async refundPayment({ reference, providerPaymentId, amountPence }): Promise<RefundResult> {
      const done = await store.get<RefundResult>(REFUND, reference);
      if (done) return done;
      const payment = await store.get<SandboxPayment>(PAYMENT, providerPaymentId);
      let result: RefundResult;
      if (!payment || payment.status === 'FAILED') {
        result = {
          status: 'FAILED',
          providerRefundId: null,
          message: SANDBOX_MESSAGES.unknownPayment,
        };
      } else if (payment.refundedPence + amountPence > payment.amountPence) {
        result = {
          status: 'FAILED',
          providerRefundId: null,
          message: SANDBOX_MESSAGES.refundTooMuch,
        };
      } else {
        await store.put(PAYMENT, providerPaymentId, {
          ...payment,
          refundedPence: payment.refundedPence + amountPence,
        });
        result = { status: 'PAID', providerRefundId: sandboxId('re') };
      }
      await store.put(REFUND, reference, result);
      return result;
    },

    async listPayments() {
      return (await store.list<SandboxPayment>(PAYMENT)).flatMap((payment) =>
        payment.providerPaymentId
          ? [
              {
                providerPaymentId: payment.providerPaymentId,
                reference: payment.reference ?? null,
                status: payment.status ?? 'SUCCEEDED',
                amountPence: payment.amountPence,
                refundedPence: payment.refundedPence,
              },
            ]
          : [],
      );
    },

    async parseWebhook(input) {
      return webhooks.read(input) as CardEvent;
    },
  };
  // Our calls to the provider (not its hosted pages) are where SANDBOX_PROVIDER_TIMEOUT_RATE bites.
  return {
    ...sandbox,
    createCheckoutSession: (request) => faults.call(() => sandbox.createCheckoutSession(request)),
    chargeWithToken: (request) => faults.call(() => sandbox.chargeWithToken(request)),
    chargeSavedCard: (request) => faults.call(() => sandbox.chargeSavedCard(request)),
    refundPayment: (request) => faults.call(() => sandbox.refundPayment(request)),
    listPayments: () => faults.call(() => sandbox.listPayments()),
  };
}

function urlOf(session: SandboxSession): string {
  return `/sandbox/card/checkout/${session.providerSessionId}`;
}
