// A local fake of the parts of GoCardless's API the adapter uses (billing requests and their
// flows, mandates, bank accounts, payments, refunds), for the contract suite. Idempotency keys answer 409
// idempotent_creation_conflict on reuse, as GoCardless does; webhooks are signed like its own.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export type FakeGoCardless = {
  baseUrl: string;
  webhookSecret: string;
  requests: { method: string; path: string; body: Json; idempotencyKey?: string; token?: string }[];
  /**
   * The customer completes the hosted flow with this bank account; a request with a
   * payment_request (Instant Bank Pay) makes its payment too, `pending_submission` until the bank
   * confirms it (setPaymentStatus). Answers the payment's id, if any.
   */
  fulfil(
    billingRequestId: string,
    account: { bankName: string; accountNumberEnding: string },
  ): string | null;
  /** The customer leaves the hosted flow (or their bank refuses): the request is cancelled. */
  cancel(billingRequestId: string): void;
  setPaymentStatus(paymentId: string, status: string): void;
  signWebhook(events: Json[]): { rawBody: Buffer; headers: Record<string, string> };
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

export async function startFakeGoCardless(): Promise<FakeGoCardless> {
  const webhookSecret = randomBytes(16).toString('hex');
  const resources = new Map<string, Json>();
  const byKey = new Map<string, string>();
  const requests: FakeGoCardless['requests'] = [];

  async function readJson(request: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Json) : {};
  }

  /** GET /payments: a page of payments in creation order, after the `after` cursor (an id). */
  function listPayments(query: URLSearchParams): Json {
    const all = [...resources.values()].filter((resource) => String(resource.id).startsWith('PM'));
    const after = query.get('after');
    const start = after ? all.findIndex((payment) => payment.id === after) + 1 : 0;
    const limit = Number(query.get('limit') ?? 50);
    const page = all.slice(start, start + limit);
    const more = start + limit < all.length;
    return {
      payments: page,
      meta: { cursors: { before: null, after: more ? page.at(-1)!.id : null }, limit },
    };
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const body = request.method === 'POST' ? await readJson(request) : {};
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const token = request.headers.authorization;
    requests.push({ method: request.method ?? 'GET', path, body, idempotencyKey, token });
    const send = (status: number, payload: Json) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (
      token !== 'Bearer sandbox_contract_token' ||
      request.headers['gocardless-version'] !== '2015-07-06'
    ) {
      return send(401, { error: { code: 401, errors: [{ reason: 'access_token_not_found' }] } });
    }
    const [, collection, resourceId] = path.split('/');
    if (request.method === 'GET' && collection === 'payments' && !resourceId) {
      return send(200, listPayments(url.searchParams));
    }
    if (request.method === 'GET' && collection && resourceId) {
      const found = resources.get(resourceId);
      return found ? send(200, { [collection]: found }) : send(404, { error: { code: 404 } });
    }
    if (request.method !== 'POST' || !collection) return send(404, { error: { code: 404 } });
    const knownId = idempotencyKey ? byKey.get(`${collection}:${idempotencyKey}`) : undefined;
    if (knownId) {
      return send(409, {
        error: {
          code: 409,
          errors: [
            { reason: 'idempotent_creation_conflict', links: { conflicting_resource_id: knownId } },
          ],
        },
      });
    }
    const params = (body[collection] ?? {}) as Json;
    let created: Json;
    if (collection === 'billing_requests') {
      created = {
        id: id('BRQ'),
        status: 'pending',
        mandate_request: params.mandate_request,
        ...(params.payment_request ? { payment_request: params.payment_request } : {}),
        metadata: params.metadata,
        links: {},
      };
    } else if (collection === 'billing_request_flows') {
      const flowId = id('BRF');
      created = {
        id: flowId,
        authorisation_url: `https://pay-sandbox.gocardless.com/billing/static/flow?id=${flowId}`,
        redirect_uri: params.redirect_uri,
        links: params.links,
      };
    } else if (collection === 'payments') {
      const links = params.links as { mandate: string };
      if (!resources.has(links.mandate))
        return send(422, { error: { code: 422, errors: [{ reason: 'mandate_not_found' }] } });
      created = {
        id: id('PM'),
        status: 'pending_submission',
        amount: params.amount,
        currency: params.currency,
        charge_date: (params.charge_date as string | undefined) ?? '2026-03-05',
        amount_refunded: 0,
        metadata: params.metadata,
        links,
      };
    } else if (collection === 'refunds') {
      const links = params.links as { payment: string };
      const payment = resources.get(links.payment);
      const refunded = Number(payment?.amount_refunded ?? 0);
      const refusal = !payment
        ? 'resource_not_found'
        : !['confirmed', 'paid_out'].includes(payment.status as string)
          ? 'refund_payment_invalid_state'
          : refunded + Number(params.amount) > Number(payment.amount) ||
              // As GoCardless: the total of every refund of the payment, this one included.
              Number(params.total_amount_confirmation) !== refunded + Number(params.amount)
            ? 'total_amount_confirmation_invalid'
            : null;
      if (refusal) return send(422, { error: { code: 422, errors: [{ reason: refusal }] } });
      payment!.amount_refunded = refunded + Number(params.amount);
      // As GoCardless: a refund starts unpaid; its `paid` event comes days later.
      created = {
        id: id('RF'),
        status: 'pending_submission',
        amount: params.amount,
        metadata: params.metadata,
        links,
      };
    } else {
      return send(404, { error: { code: 404 } });
    }
    resources.set(created.id as string, created);
    if (idempotencyKey) byKey.set(`${collection}:${idempotencyKey}`, created.id as string);
    send(201, { [collection]: created });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    webhookSecret,
    requests,
    fulfil(billingRequestId, account) {
      const billingRequest = resources.get(billingRequestId);
      if (!billingRequest) throw new Error(`fake gocardless: no ${billingRequestId}`);
      const bankAccount = {
        id: id('BA'),
        bank_name: account.bankName,
        account_number_ending: account.accountNumberEnding,
      };
      const customer = { id: id('CU') };
      const mandate = {
        id: id('MD'),
        status: 'pending_submission',
        scheme: 'bacs',
        links: { customer_bank_account: bankAccount.id, customer: customer.id },
      };
      for (const resource of [bankAccount, customer, mandate]) resources.set(resource.id, resource);
      const paymentRequest = billingRequest.payment_request as
        { amount: number; currency: string; description?: string } | undefined;
      const payment = paymentRequest
        ? {
            id: id('PM'),
            status: 'pending_submission',
            amount: paymentRequest.amount,
            currency: paymentRequest.currency,
            description: paymentRequest.description,
            charge_date: '2026-03-02',
            amount_refunded: 0,
            metadata: billingRequest.metadata,
            links: { mandate: mandate.id },
          }
        : null;
      if (payment) resources.set(payment.id, payment);
      Object.assign(billingRequest, {
        status: 'fulfilled',
        links: {
          mandate_request_mandate: mandate.id,
          customer: customer.id,
          ...(payment ? { payment_request_payment: payment.id } : {}),
        },
      });
      return payment?.id ?? null;
    },
    cancel(billingRequestId) {
      const billingRequest = resources.get(billingRequestId);
      if (!billingRequest) throw new Error(`fake gocardless: no ${billingRequestId}`);
      billingRequest.status = 'cancelled';
    },
    setPaymentStatus(paymentId, status) {
      const payment = resources.get(paymentId);
      if (!payment) throw new Error(`fake gocardless: no ${paymentId}`);
      payment.status = status;
    },
    signWebhook(events) {
      const rawBody = Buffer.from(JSON.stringify({ events }));
      const signature = createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
      return {
        rawBody,
        headers: { 'content-type': 'application/json', 'webhook-signature': signature },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
