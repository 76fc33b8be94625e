import type { RefundRequest, RefundResult, WebhookInput } from '../card-payments/types';

// Our contract for Bacs direct debit. A vendor adapter maps its mandate and payment statuses and
// its webhook events to these shapes, so the payment module never sees a vendor name for them.

type DirectDebitAdapter = 'sandbox' | 'gocardless';

export type MandateFlowRequest = {
  /** Our own id for this flow: idempotency key and metadata at the provider. */
  reference: string;
  customerReference: string;
  description: string;
  /** Absolute; the provider returns the customer here with `?redirect_flow_id={flowId}`. */
  successUrl: string;
};

type MandateFlow = { flowId: string; redirectUrl: string };

export type MandateStatus = 'PENDING_CUSTOMER_APPROVAL' | 'ACTIVE' | 'CANCELLED';

export type CompletedMandate = {
  mandateId: string;
  providerCustomerReference: string | null;
  status: MandateStatus;
  bankName: string;
  /** The last 2 digits of the account number: all we ever keep or show. */
  accountNumberEnding: string;
  /** For the mandate's confirmation; null when the provider does not give them. */
  accountHolderName: string | null;
  /** Six digits; null when the provider does not give it. */
  sortCode: string | null;
};

export type CollectionStatus = 'PENDING' | 'SUBMITTED' | 'SETTLED' | 'FAILED';

type CollectionRequest = {
  reference: string;
  mandateId: string;
  amountPence: number;
  description: string;
  /**
   * The London day (yyyy-MM-dd) to collect on; the provider's earliest possible day when omitted
   * or too soon.
   */
  chargeDate?: string;
};

export type Collection = {
  providerPaymentId: string;
  status: CollectionStatus;
  /** London days, yyyy-MM-dd. */
  chargeDate: string;
  settlesOn: string;
  failureReason: string | null;
};

/** A collection as the provider's own record has it, for reconciliation (issue 30 item 9). */
export type ProviderCollectionRecord = Collection & {
  /** Our reference given when it was created, when the provider kept it. */
  reference: string | null;
  amountPence: number;
  refundedPence: number;
};

/**
 * An instant bank payment of the first payment with the Direct Debit mandate for later months,
 * in one hosted flow (GoCardless: one Billing Request with a payment_request and a
 * mandate_request). The customer approves the payment in their bank.
 */
export type BankPaymentRequest = {
  /** Our own id for this flow: idempotency key and metadata at the provider. */
  reference: string;
  customerReference: string;
  /** Integer pence, GBP. */
  amountPence: number;
  /** What the bank shows for the payment. */
  description: string;
  /** What the mandate is for. */
  mandateDescription: string;
  /** Absolute; the provider returns the customer here with `?bank_payment_id={flowId}`. */
  successUrl: string;
  /** Absolute; where the customer goes when they leave without paying. */
  exitUrl: string;
};

type BankPaymentFlow = { flowId: string; redirectUrl: string };

/**
 * Where a bank payment stands at the provider: PENDING (not approved, or approved and not yet
 * confirmed), PAID (confirmed: the money is ours), FAILED (cancelled by the customer or refused).
 */
export type BankPaymentStatus = 'PENDING' | 'PAID' | 'FAILED';

export type BankPayment = {
  flowId: string;
  status: BankPaymentStatus;
  /** The payment's id once the customer approved it (the ledger's and refunds' key). */
  providerPaymentId: string | null;
  amountPence: number;
  /** The mandate for later months, once the flow made it. */
  mandate: CompletedMandate | null;
  failureReason: string | null;
};

type EventBase = { eventId: string };
export type DirectDebitEvent =
  | (EventBase & { type: 'MANDATE_ACTIVE' | 'MANDATE_CANCELLED'; mandateId: string })
  | (EventBase & {
      type: 'COLLECTION_PENDING' | 'COLLECTION_SUBMITTED' | 'COLLECTION_SETTLED';
      providerPaymentId: string;
    })
  | (EventBase & { type: 'COLLECTION_FAILED'; providerPaymentId: string; reason: string })
  /** A refund the provider took (SENT) was paid to the customer, or could not be. */
  | (EventBase & { type: 'REFUND_PAID'; providerRefundId: string })
  | (EventBase & { type: 'REFUND_FAILED'; providerRefundId: string; reason: string })
  /** The customer finished the bank payment flow: read it with getBankPayment. */
  | (EventBase & { type: 'BANK_PAYMENT_FULFILLED'; flowId: string })
  /** The customer left the flow or it failed: nothing will be paid through it. */
  | (EventBase & { type: 'BANK_PAYMENT_CANCELLED'; flowId: string; reason: string })
  | (EventBase & { type: 'IGNORED'; vendorType: string });

export type DirectDebitProvider = {
  adapter: DirectDebitAdapter;
  createMandateFlow(request: MandateFlowRequest): Promise<MandateFlow>;
  /** After the customer came back: the mandate the flow produced; throws FlowNotCompletedError. */
  completeMandateFlow(options: { flowId: string; now: Date }): Promise<CompletedMandate>;
  createCollection(request: CollectionRequest & { now: Date }): Promise<Collection>;
  getCollection(options: { providerPaymentId: string; now: Date }): Promise<Collection>;
  /** Pays (part of) a settled collection back to the payer's bank account. */
  refundCollection(request: RefundRequest & { now: Date }): Promise<RefundResult>;
  /** Every collection the provider holds for us, as it stands at `now` (reconciliation). */
  listCollections(options: { now: Date }): Promise<ProviderCollectionRecord[]>;
  /** Starts the hosted flow for an instant bank payment and the mandate for later months. */
  createBankPayment(request: BankPaymentRequest): Promise<BankPaymentFlow>;
  /** The bank payment as the provider has it now (the source of truth, whatever the events). */
  getBankPayment(options: { flowId: string; now: Date }): Promise<BankPayment>;
  /** Verifies the signature over the raw body (throws WebhookSignatureError), then maps it. */
  parseWebhook(input: WebhookInput): Promise<DirectDebitEvent[]>;
};

/** The customer has not finished the hosted mandate page (or the flow is unknown). */
export class FlowNotCompletedError extends Error {
  constructor(message = 'The direct debit set-up was not completed.') {
    super(message);
    this.name = 'FlowNotCompletedError';
  }
}

export { ProviderUnavailableError, WebhookSignatureError } from '../card-payments/types';
