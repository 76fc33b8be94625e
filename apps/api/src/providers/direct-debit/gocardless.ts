import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type BankPaymentStatus,
  FlowNotCompletedError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type Collection,
  type CollectionStatus,
  type DirectDebitEvent,
  type DirectDebitProvider,
  type MandateStatus,
  type ProviderCollectionRecord,
} from './types';
import { addWorkingDays } from './working-days';

// GoCardless through its REST API with fetch: Billing Requests (redirect flows are legacy for new
// integrators), Bacs mandates, payments, and signed webhooks. The official SDK has no base-URL
// option, so a thin client is both smaller and testable against a local fake.

export type GoCardlessOptions = {
  accessToken: string;
  webhookSecret: string;
  /** Default: the sandbox API for `sandbox_` tokens, the live API otherwise. */
  baseUrl?: string;
};

const API_VERSION = '2015-07-06';

type GcError = { error?: { errors?: { reason?: string; links?: Record<string, string> }[] } };

const PAYMENT_STATUS: Record<string, CollectionStatus> = {
  pending_customer_approval: 'PENDING',
  pending_submission: 'PENDING',
  submitted: 'SUBMITTED',
  confirmed: 'SETTLED',
  paid_out: 'SETTLED',
  failed: 'FAILED',
  cancelled: 'FAILED',
  customer_approval_denied: 'FAILED',
  charged_back: 'FAILED',
};

type CollectionEventType = Extract<DirectDebitEvent, { providerPaymentId: string }>['type'];

const PAYMENT_EVENT: Record<string, CollectionEventType> = {
  created: 'COLLECTION_PENDING',
  submitted: 'COLLECTION_SUBMITTED',
  confirmed: 'COLLECTION_SETTLED',
  paid_out: 'COLLECTION_SETTLED',
  failed: 'COLLECTION_FAILED',
  cancelled: 'COLLECTION_FAILED',
  charged_back: 'COLLECTION_FAILED',
};

/**
 * A refund's events that say its money did not reach the customer: `failed` (never paid),
 * `funds_returned` and `bounced` (the customer's bank sent it back). `created` and
 * `refund_settled` (taken from our payout) change nothing for the customer: ignored.
 */
const REFUND_NOT_PAID = ['failed', 'funds_returned', 'bounced', 'cancelled'];

/** A payment that is ours once confirmed (`paid_out` follows `confirmed`). */
const BANK_PAYMENT_STATUS: Record<string, BankPaymentStatus> = {
  confirmed: 'PAID',
  paid_out: 'PAID',
  failed: 'FAILED',
  cancelled: 'FAILED',
  customer_approval_denied: 'FAILED',
  charged_back: 'FAILED',
};

type GcBillingRequest = {
  id: string;
  status: string;
  payment_request?: { amount?: number };
  links?: {
    mandate_request_mandate?: string;
    payment_request_payment?: string;
    customer?: string;
  };
};

function toMandateStatus(status: string): MandateStatus {
  if (status === 'pending_customer_approval') return 'PENDING_CUSTOMER_APPROVAL';
  if (['pending_submission', 'submitted', 'active'].includes(status)) return 'ACTIVE';
  return 'CANCELLED';
}

type GcPayment = {
  id: string;
  status: string;
  charge_date: string;
  description?: string;
  amount?: number;
  amount_refunded?: number;
  metadata?: { reference?: string };
};

/** GoCardless's largest page of a list. */
const LIST_PAGE_SIZE = 500;

function toCollection(payment: GcPayment): Collection {
  const status = PAYMENT_STATUS[payment.status] ?? 'PENDING';
  return {
    providerPaymentId: payment.id,
    status,
    chargeDate: payment.charge_date,
    // Bacs confirms the funds two working days after the charge date.
    settlesOn: addWorkingDays(payment.charge_date, 2),
    failureReason: status === 'FAILED' ? `GoCardless payment ${payment.status}` : null,
  };
}

class GoCardlessHttpError extends ProviderUnavailableError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function createGoCardlessDirectDebit(options: GoCardlessOptions): DirectDebitProvider {
  const baseUrl = (
    options.baseUrl ??
    (options.accessToken.startsWith('sandbox_')
      ? 'https://api-sandbox.gocardless.com'
      : 'https://api.gocardless.com')
  ).replace(/\/+$/, '');

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    idempotencyKey?: string,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          'gocardless-version': API_VERSION,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`GoCardless ${method} ${path} failed`, { cause: error });
    }
    const json = (await response.json().catch(() => ({}))) as T & GcError;
    if (response.ok) return json;
    // A retried create whose first attempt went through: read what it made.
    const conflict = json.error?.errors?.find((e) => e.reason === 'idempotent_creation_conflict');
    const existingId = conflict?.links?.conflicting_resource_id;
    if (response.status === 409 && existingId && method === 'POST') {
      return request<T>('GET', `${path}/${existingId}`);
    }
    throw new GoCardlessHttpError(
      `GoCardless ${method} ${path} answered ${response.status}`,
      response.status,
    );
  }

  /** A billing request we made; one unknown (or not ours: not a BRQ id) is not completed. */
  async function readBillingRequest(flowId: string): Promise<GcBillingRequest> {
    if (!/^BRQ\w+$/.test(flowId)) throw new FlowNotCompletedError();
    const { billing_requests: billingRequest } = await request<{
      billing_requests: GcBillingRequest;
    }>('GET', `/billing_requests/${flowId}`).catch((error: unknown) => {
      if (error instanceof GoCardlessHttpError && error.status === 404) {
        throw new FlowNotCompletedError();
      }
      throw error;
    });
    return billingRequest;
  }

  async function readMandate(mandateId: string, customer: string | null) {
    const { mandates: mandate } = await request<{
      mandates: {
        id: string;
        status: string;
        links: { customer_bank_account: string; customer?: string };
      };
    }>('GET', `/mandates/${mandateId}`);
    const { customer_bank_accounts: account } = await request<{
      customer_bank_accounts: {
        bank_name: string;
        account_number_ending: string;
        account_holder_name?: string;
      };
    }>('GET', `/customer_bank_accounts/${mandate.links.customer_bank_account}`);
    return {
      mandateId: mandate.id,
      providerCustomerReference: mandate.links.customer ?? customer,
      status: toMandateStatus(mandate.status),
      bankName: account.bank_name,
      accountNumberEnding: account.account_number_ending.slice(-2),
      accountHolderName: account.account_holder_name ?? null,
      // GoCardless does not give the sort code back; its own notices show it.
      sortCode: null,
    };
  }

  /**
   * A billing request for what the customer is asked to approve (keyed by our reference) and its
   * hosted flow; the customer comes back to successUrl with the request's id in `returnParam`.
   */
  async function openBillingRequestFlow(
    asks: object,
    reference: string,
    back: { successUrl: string; returnParam: string; exitUrl: string },
  ) {
    const { billing_requests: billingRequest } = await request<{
      billing_requests: { id: string };
    }>(
      'POST',
      '/billing_requests',
      { billing_requests: { ...asks, metadata: { reference } } },
      `billing-request-${reference}`,
    );
    const separator = back.successUrl.includes('?') ? '&' : '?';
    const returnUrl = `${back.successUrl}${separator}${back.returnParam}=${encodeURIComponent(billingRequest.id)}`;
    const { billing_request_flows: flow } = await request<{
      billing_request_flows: { id: string; authorisation_url: string };
    }>('POST', '/billing_request_flows', {
      billing_request_flows: {
        redirect_uri: returnUrl,
        exit_uri: back.exitUrl,
        links: { billing_request: billingRequest.id },
      },
    });
    return { flowId: billingRequest.id, redirectUrl: flow.authorisation_url };
  }

  return {
    adapter: 'gocardless',

    async createMandateFlow({ reference, description, successUrl }) {
      return openBillingRequestFlow(
        { mandate_request: { scheme: 'bacs', description } },
        reference,
        { successUrl, returnParam: 'redirect_flow_id', exitUrl: successUrl },
      );
    },

    async completeMandateFlow({ flowId }) {
      const billingRequest = await readBillingRequest(flowId);
      const mandateId = billingRequest.links?.mandate_request_mandate;
      if (billingRequest.status !== 'fulfilled' || !mandateId) throw new FlowNotCompletedError();
      return readMandate(mandateId, billingRequest.links?.customer ?? null);
    },

    async createBankPayment(bankPayment) {
      return openBillingRequestFlow(
        {
          // Instant Bank Pay: the customer approves the payment in their bank (open banking),
          // and the same flow sets up the Bacs mandate for the later months.
          payment_request: {
            amount: bankPayment.amountPence,
            currency: 'GBP',
            description: bankPayment.description,
          },
          mandate_request: { scheme: 'bacs', description: bankPayment.mandateDescription },
        },
        bankPayment.reference,
        {
          successUrl: bankPayment.successUrl,
          returnParam: 'bank_payment_id',
          exitUrl: bankPayment.exitUrl,
        },
      );
    },

    async getBankPayment({ flowId }) {
      const billingRequest = await readBillingRequest(flowId);
      const amountPence = billingRequest.payment_request?.amount ?? 0;
      const base = { flowId, amountPence, providerPaymentId: null, mandate: null };
      if (['cancelled', 'failed'].includes(billingRequest.status)) {
        const failureReason = `GoCardless billing request ${billingRequest.status}`;
        return { ...base, status: 'FAILED', failureReason };
      }
      const paymentId = billingRequest.links?.payment_request_payment;
      if (billingRequest.status !== 'fulfilled' || !paymentId) {
        return { ...base, status: 'PENDING', failureReason: null };
      }
      const { payments: payment } = await request<{ payments: GcPayment }>(
        'GET',
        `/payments/${paymentId}`,
      );
      const status = BANK_PAYMENT_STATUS[payment.status] ?? 'PENDING';
      const mandateId = billingRequest.links?.mandate_request_mandate;
      return {
        flowId,
        status,
        providerPaymentId: payment.id,
        amountPence: payment.amount ?? amountPence,
        mandate: mandateId
          ? await readMandate(mandateId, billingRequest.links?.customer ?? null)
          : null,
        failureReason: status === 'FAILED' ? `GoCardless payment ${payment.status}` : null,
      };
    },

    async createCollection({ reference, mandateId, amountPence, description, chargeDate }) {
      const { payments } = await request<{ payments: GcPayment }>(
        'POST',
        '/payments',
        {
          payments: {
            amount: amountPence,
            currency: 'GBP',
            description,
            links: { mandate: mandateId },
            metadata: { reference },
            // GoCardless moves a date it can no longer make to the earliest it can.
            ...(chargeDate ? { charge_date: chargeDate } : {}),
          },
        },
        `payment-${reference}`,
      );
      return toCollection(payments);
    },

    async refundCollection({ reference, providerPaymentId, amountPence }) {
      try {
        // GoCardless's guard against a refund made twice: the total of all refunds of the
        // payment once this one is made, so a second part-refund counts the first.
        const { payments } = await request<{ payments: GcPayment }>(
          'GET',
          `/payments/${providerPaymentId}`,
        );
        const { refunds } = await request<{ refunds: { id: string } }>(
          'POST',
          '/refunds',
          {
            refunds: {
              amount: amountPence,
              total_amount_confirmation: (payments.amount_refunded ?? 0) + amountPence,
              links: { payment: providerPaymentId },
              metadata: { reference },
            },
          },
          `refund-${reference}`,
        );
        // Taken, not paid: GoCardless pays it by Bacs credit and says so with the refund's
        // `paid` event (or `failed`, `funds_returned`), mapped below.
        return { status: 'SENT', providerRefundId: refunds.id };
      } catch (error) {
        // Refused (4xx: not settled, too much): an answer. A network error or 5xx: retry later.
        if (error instanceof GoCardlessHttpError && error.status >= 400 && error.status < 500) {
          return { status: 'FAILED', providerRefundId: null, message: error.message };
        }
        throw error;
      }
    },

    async getCollection({ providerPaymentId }) {
      const { payments } = await request<{ payments: GcPayment }>(
        'GET',
        `/payments/${providerPaymentId}`,
      );
      return toCollection(payments);
    },

    async listCollections() {
      // Every payment, page by page (GoCardless's cursors): the provider's own record of them.
      const records: ProviderCollectionRecord[] = [];
      let after: string | null = null;
      do {
        const query = new URLSearchParams({ limit: String(LIST_PAGE_SIZE) });
        if (after) query.set('after', after);
        const page: { payments: GcPayment[]; meta?: { cursors?: { after?: string | null } } } =
          await request('GET', `/payments?${query}`);
        for (const payment of page.payments) {
          records.push({
            ...toCollection(payment),
            reference: payment.metadata?.reference ?? null,
            amountPence: payment.amount ?? 0,
            refundedPence: payment.amount_refunded ?? 0,
          });
        }
        after = page.meta?.cursors?.after ?? null;
      } while (after);
      return records;
    },

    async parseWebhook({ rawBody, headers }) {
      const header = headers['webhook-signature'];
      const given = Array.isArray(header) ? header[0] : header;
      const expected = createHmac('sha256', options.webhookSecret).update(rawBody).digest('hex');
      if (!given || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookSignatureError();
      if (!timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
        throw new WebhookSignatureError();
      }
      const body = JSON.parse(rawBody.toString('utf8')) as {
        events?: {
          id: string;
          resource_type: string;
          action: string;
          links?: {
            payment?: string;
            mandate?: string;
            refund?: string;
            billing_request?: string;
          };
          details?: { description?: string };
        }[];
      } | null;
      if (!Array.isArray(body?.events)) return [];
      return body.events.map((event): DirectDebitEvent => {
        const vendorType = `${event.resource_type}.${event.action}`;
        const eventId = event.id;
        if (event.resource_type === 'payments' && event.links?.payment) {
          const type = PAYMENT_EVENT[event.action];
          const providerPaymentId = event.links.payment;
          if (type === 'COLLECTION_FAILED') {
            const reason = event.details?.description ?? `GoCardless payment ${event.action}`;
            return { type, eventId, providerPaymentId, reason };
          }
          if (type) return { type, eventId, providerPaymentId };
        }
        if (event.resource_type === 'refunds' && event.links?.refund) {
          const providerRefundId = event.links.refund;
          if (event.action === 'paid') return { type: 'REFUND_PAID', eventId, providerRefundId };
          if (REFUND_NOT_PAID.includes(event.action)) {
            const reason = event.details?.description ?? `GoCardless refund ${event.action}`;
            return { type: 'REFUND_FAILED', eventId, providerRefundId, reason };
          }
        }
        if (event.resource_type === 'billing_requests' && event.links?.billing_request) {
          const flowId = event.links.billing_request;
          if (event.action === 'fulfilled')
            return { type: 'BANK_PAYMENT_FULFILLED', eventId, flowId };
          if (['cancelled', 'failed'].includes(event.action)) {
            const reason =
              event.details?.description ?? `GoCardless billing request ${event.action}`;
            return { type: 'BANK_PAYMENT_CANCELLED', eventId, flowId, reason };
          }
        }
        if (event.resource_type === 'mandates' && event.links?.mandate) {
          const mandateId = event.links.mandate;
          if (event.action === 'active') return { type: 'MANDATE_ACTIVE', eventId, mandateId };
          if (['cancelled', 'failed', 'expired'].includes(event.action)) {
            return { type: 'MANDATE_CANCELLED', eventId, mandateId };
          }
        }
        return { type: 'IGNORED', eventId, vendorType };
      });
    },
  };
}
