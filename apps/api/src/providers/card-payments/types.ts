import type { IncomingHttpHeaders } from 'node:http';

// Our contract for card payments. A vendor adapter maps its sessions, intents and webhook events
// to these shapes, so the payment module never sees a vendor status or event name.

type CardPaymentsAdapter = 'sandbox' | 'stripe';

/** A hosted page where the customer pays (PAYMENT) or saves a card without paying (SETUP). */
export type CardCheckoutRequest = {
  mode: 'PAYMENT' | 'SETUP';
  /** Our own id for this attempt: the provider's client reference and idempotency key. */
  reference: string;
  /** Our user id of the payer. */
  customerReference: string;
  /** Integer pence; 0 for SETUP. */
  amountPence: number;
  description: string;
  /** Keep the card for later charges (PAYMENT); always true for SETUP. */
  saveCard: boolean;
  /** Absolute URLs; the provider appends `session_id` to the success URL. */
  successUrl: string;
  cancelUrl: string;
};

type CardCheckoutSession = { providerSessionId: string; url: string };

/** A card the provider keeps for us. */
export type SavedCard = {
  providerReference: string;
  providerCustomerReference: string | null;
  brand: string;
  last4: string;
};

/**
 * The card a payment was taken from, saved or not: the refund e-mail names it (issue 30). Null
 * when the provider's event does not say (a bare Stripe payment_intent.succeeded).
 */
export type CardPaidWith = Pick<SavedCard, 'brand' | 'last4'> | null;

/** A phone (MOTO) payment with a token made by the provider's card form: no card number here. */
type MotoChargeRequest = {
  reference: string;
  customerReference: string;
  amountPence: number;
  description: string;
  token: string;
  saveCard: boolean;
  /** A token made before this instant is refused (TOKEN_EXPIRED) and nothing is charged. */
  tokenIssuedAfter?: Date;
};

/** An off-session charge of a card the provider keeps for us (a monthly collection). */
type SavedCardChargeRequest = {
  reference: string;
  customerReference: string;
  card: Pick<SavedCard, 'providerReference' | 'providerCustomerReference'>;
  amountPence: number;
  description: string;
};

/** Money paid back to the way a payment was made (whole or part of it). */
export type RefundRequest = {
  /** Ours: the provider's idempotency key, so a retried refund pays once. */
  reference: string;
  providerPaymentId: string;
  amountPence: number;
};

/**
 * The provider's answer to a refund: PAID when it says the money went back; SENT when it took the
 * refund and confirms it later by a webhook (GoCardless's refund `paid`, a Bacs credit days on);
 * FAILED when it refused it.
 */
export type RefundResult =
  | { status: 'PAID' | 'SENT'; providerRefundId: string }
  | { status: 'FAILED'; providerRefundId: string | null; message: string };

export type MotoChargeResult =
  | {
      status: 'SUCCEEDED';
      providerPaymentId: string;
      /** The card, when it was saved for later charges. */
      card: SavedCard | null;
      paidWith: CardPaidWith;
    }
  | {
      status: 'DECLINED';
      providerPaymentId: string | null;
      message: string;
      /**
       * Why, when it is not a plain decline: INCOMPLETE (the payment needs more than the call
       * gave, e.g. authentication), TOKEN_EXPIRED (the token is older than tokenIssuedAfter).
       */
      reason?: 'INCOMPLETE' | 'TOKEN_EXPIRED';
      /** The card issuer's decline code (Stripe's decline_code, e.g. insufficient_funds). */
      declineCode?: string | null;
    };

/**
 * A payment as the provider's own record has it, for reconciliation (issue 30 item 9): what was
 * charged, whether it went through, and how much of it was paid back.
 */
export type ProviderPaymentRecord = {
  providerPaymentId: string;
  /** Our reference given with the session or charge, when the provider kept it. */
  reference: string | null;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  amountPence: number;
  refundedPence: number;
};

type EventBase = { eventId: string };
type PaymentRef = {
  providerPaymentId: string;
  /** The hosted session it came from (null for MOTO). */
  providerSessionId: string | null;
  /** Our reference given when the session or charge was created. */
  reference: string | null;
};

/** Webhook events in our words. */
export type CardEvent =
  | (EventBase & PaymentRef & { type: 'PAYMENT_PENDING'; amountPence: number })
  | (EventBase &
      PaymentRef & {
        type: 'PAYMENT_SUCCEEDED';
        amountPence: number;
        /** The card, when it was saved for later charges. */
        card: SavedCard | null;
        paidWith: CardPaidWith;
      })
  | (EventBase & PaymentRef & { type: 'PAYMENT_FAILED'; message: string })
  | (EventBase & {
      type: 'CARD_SAVED';
      providerSessionId: string;
      reference: string | null;
      card: SavedCard;
    })
  /** A refund the provider took (SENT) was paid to the customer, or could not be. */
  | (EventBase & { type: 'REFUND_PAID'; providerRefundId: string })
  | (EventBase & { type: 'REFUND_FAILED'; providerRefundId: string; reason: string })
  | (EventBase & { type: 'IGNORED'; vendorType: string });

export type WebhookInput = { rawBody: Buffer; headers: IncomingHttpHeaders; now: Date };

export type CardPaymentsProvider = {
  adapter: CardPaymentsAdapter;
  createCheckoutSession(request: CardCheckoutRequest): Promise<CardCheckoutSession>;
  chargeWithToken(request: MotoChargeRequest): Promise<MotoChargeResult>;
  /** Charges a saved card without the customer present; a card that needs them is DECLINED. */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<MotoChargeResult>;
  refundPayment(request: RefundRequest): Promise<RefundResult>;
  /** Every payment the provider holds for us, with what was refunded of each (reconciliation). */
  listPayments(): Promise<ProviderPaymentRecord[]>;
  /** Verifies the signature over the raw body (throws WebhookSignatureError), then maps it. */
  parseWebhook(input: WebhookInput): Promise<CardEvent>;
};

/** The signature of a webhook is missing, wrong or too old: answer 400 and store nothing. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A provider call failed (network, 5xx, unexpected answer): worth retrying later. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
