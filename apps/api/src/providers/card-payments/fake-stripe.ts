// A local fake of the parts of Stripe's API the adapter uses, for the contract suite: it keeps
// sessions and payment intents in memory, honours idempotency keys, and signs events with the
// SDK's own test header so the adapter's real signature check runs.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export type FakeStripe = {
  port: number;
  webhookSecret: string;
  /** What the fake received, in order: method, path and parsed form fields. */
  requests: { method: string; path: string; fields: URLSearchParams; idempotencyKey?: string }[];
  /** The customer pays (or saves a card) on the hosted page: answers the signed event. */
  completeSession(
    sessionId: string,
    now: Date,
  ): { rawBody: Buffer; headers: Record<string, string> };
  /** While true, a refund is made `pending` (as Stripe does for some cards) instead of paid. */
  holdRefunds: boolean;
  /** The refund moves on (`succeeded`, `failed`): answers Stripe's signed `refund.updated`. */
  updateRefund(
    refundId: string,
    change: { status: string; failure_reason?: string },
    now: Date,
  ): { rawBody: Buffer; headers: Record<string, string> };
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

const CARD_METHOD = (last4: string): Json => ({
  id: id('pm'),
  object: 'payment_method',
  type: 'card',
  card: { brand: 'visa', last4 },
});

/** A `stripe-signature` header for a payload, as Stripe would send it at `now`. */
export function signStripePayload(options: { payload: string; secret: string; now: Date }): string {
  return new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
    payload: options.payload,
    secret: options.secret,
    timestamp: Math.floor(options.now.getTime() / 1000),
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, { status: number; body: Json }>();
  const requests: FakeStripe['requests'] = [];

  function createSession(fields: URLSearchParams): Json {
    const sessionId = id('cs_test');
    const mode = fields.get('mode');
    const amount = Number(fields.get('line_items[0][price_data][unit_amount]') ?? 0);
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      client_reference_id: fields.get('client_reference_id'),
      amount_total: mode === 'payment' ? amount : null,
      payment_status: mode === 'payment' ? 'unpaid' : 'no_payment_required',
      status: 'open',
      customer: fields.get('customer'),
      payment_intent: null,
      setup_intent: null,
      success_url: fields.get('success_url'),
      metadata: { reference: fields.get('metadata[reference]') },
      _saveCard: fields.get('payment_intent_data[setup_future_usage]') === 'off_session',
    };
    sessions.set(sessionId, session);
    return session;
  }

  /** A payment intent for the form's amount, kept and not paid yet; `own` is what its kind adds. */
  function openIntent(fields: URLSearchParams, own: Json): Json {
    const intent: Json = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(fields.get('amount')),
      amount_received: 0,
      currency: fields.get('currency'),
      metadata: { reference: fields.get('metadata[reference]') },
      status: 'requires_payment_method',
      ...own,
    };
    intents.set(intent.id as string, intent);
    return intent;
  }

  /** An off-session charge of a saved card: pm_card_visa pays, pm_card_authenticationRequired needs its holder. */
  function chargeSaved(fields: URLSearchParams): { status: number; body: Json } {
    const method = fields.get('payment_method');
    const intent = openIntent(fields, {
      customer: fields.get('customer'),
      payment_method: method,
      off_session: fields.get('off_session'),
      _refunded: 0,
    });
    if (method !== 'pm_card_visa') {
      const message = 'Your card requires authentication.';
      const error = { type: 'card_error', code: 'authentication_required', message };
      intent.last_payment_error = error;
      return { status: 402, body: { error: { ...error, payment_intent: intent } } };
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    return { status: 200, body: intent };
  }

  function refund(fields: URLSearchParams): { status: number; body: Json } {
    const intent = intents.get(fields.get('payment_intent') ?? '');
    const amount = Number(fields.get('amount'));
    const left = intent ? Number(intent.amount_received) - Number(intent._refunded ?? 0) : 0;
    if (!intent || amount > left) {
      const message = intent
        ? 'Refund amount is greater than unrefunded amount'
        : 'No such payment_intent';
      return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
    }
    intent._refunded = Number(intent._refunded ?? 0) + amount;
    const made: Json = {
      id: id('re'),
      object: 'refund',
      amount,
      status: fake.holdRefunds ? 'pending' : 'succeeded',
      payment_intent: intent.id,
    };
    refunds.set(made.id as string, made);
    return { status: 200, body: made };
  }

  /** A card token as Stripe keeps it, made just now (by the real time, as Stripe's are). */
  function readToken(token: string): { status: number; body: Json } {
    const known = ['tok_visa', 'tok_chargeDeclined'];
    if (!known.includes(token)) {
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: `No such token: '${token}'` } },
      };
    }
    const created = Math.floor(Date.now() / 1000);
    return { status: 200, body: { id: token, object: 'token', created, used: false } };
  }

  function createIntent(fields: URLSearchParams): { status: number; body: Json } {
    if (fields.get('off_session') === 'true') return chargeSaved(fields);
    const token = fields.get('payment_method_data[card][token]');
    const intent = openIntent(fields, {
      customer: null,
      setup_future_usage: fields.get('setup_future_usage'),
      payment_method: null,
      moto: fields.get('payment_method_options[card][moto]'),
    });
    if (token === 'tok_chargeDeclined') {
      intent.last_payment_error = { type: 'card_error', code: 'card_declined' };
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: { ...intent, status: 'requires_payment_method' },
          },
        },
      };
    }
    if (token !== 'tok_visa') {
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: `No such token: '${token}'` } },
      };
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      customer: fields.get('customer'),
      payment_method: CARD_METHOD('4242'),
    });
    return { status: 200, body: intent };
  }

  /** GET /v1/payment_intents and /v1/refunds: a page in creation order after `starting_after`. */
  function listPage(all: Map<string, Json>, query: URLSearchParams): Json {
    const items = [...all.values()];
    const after = query.get('starting_after');
    const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
    const limit = Number(query.get('limit') ?? 10);
    // Our own bookkeeping fields (_refunded) are not Stripe's.
    const data = items
      .slice(start, start + limit)
      .map((item) =>
        Object.fromEntries(Object.entries(item).filter(([key]) => !key.startsWith('_'))),
      );
    return { object: 'list', data, has_more: start + limit < items.length, url: '' };
  }

  function expanded(session: Json): Json {
    const intent = session.payment_intent ? intents.get(session.payment_intent as string) : null;
    const setup = session.setup_intent ? setupIntents.get(session.setup_intent as string) : null;
    return { ...session, payment_intent: intent ?? null, setup_intent: setup ?? null };
  }

  async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const fields = request.method === 'POST' ? await readForm(request) : url.searchParams;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, fields, idempotencyKey });
    const send = (status: number, body: Json) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) {
      const known = byIdempotencyKey.get(idempotencyKey)!;
      return send(known.status, known.body);
    }
    let answer: { status: number; body: Json };
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    const tokenMatch = /^\/v1\/tokens\/([\w-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      answer = { status: 200, body: { id: id('cus'), object: 'customer', metadata: {} } };
    } else if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      answer = { status: 200, body: createSession(fields) };
    } else if (request.method === 'GET' && sessionMatch && sessions.has(sessionMatch[1]!)) {
      answer = { status: 200, body: expanded(sessions.get(sessionMatch[1]!)!) };
    } else if (request.method === 'GET' && tokenMatch) {
      answer = readToken(tokenMatch[1]!);
    } else if (request.method === 'GET' && url.pathname === '/v1/payment_intents') {
      answer = { status: 200, body: listPage(intents, fields) };
    } else if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      answer = { status: 200, body: listPage(refunds, fields) };
    } else if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      answer = createIntent(fields);
    } else if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      answer = refund(fields);
    } else {
      answer = {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: 'Unknown' } },
      };
    }
    if (idempotencyKey && request.method === 'POST') byIdempotencyKey.set(idempotencyKey, answer);
    send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe('sk_test_signer');
  const signed = (type: string, object: Json, now: Date) => {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(now.getTime() / 1000),
      data: { object },
    });
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    return {
      rawBody: Buffer.from(payload),
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    };
  };

  const fake: FakeStripe = {
    port,
    webhookSecret,
    requests,
    holdRefunds: false,
    updateRefund(refundId, change, now) {
      const made = refunds.get(refundId);
      if (!made) throw new Error(`fake stripe: no refund ${refundId}`);
      Object.assign(made, change);
      return signed('refund.updated', made, now);
    },
    completeSession(sessionId, now) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
      const customer = (session.customer as string | null) ?? id('cus');
      if (session.mode === 'setup') {
        const setup = {
          id: id('seti'),
          object: 'setup_intent',
          status: 'succeeded',
          payment_method: CARD_METHOD('4242'),
        };
        setupIntents.set(setup.id, setup);
        Object.assign(session, { setup_intent: setup.id, customer, status: 'complete' });
      } else {
        const intent = {
          id: id('pi'),
          object: 'payment_intent',
          amount: session.amount_total,
          amount_received: session.amount_total,
          status: 'succeeded',
          metadata: { reference: session.client_reference_id },
          setup_future_usage: session._saveCard ? 'off_session' : null,
          payment_method: CARD_METHOD('4242'),
          customer,
        };
        intents.set(intent.id, intent);
        Object.assign(session, {
          payment_intent: intent.id,
          payment_status: 'paid',
          customer,
          status: 'complete',
        });
      }
      return signed('checkout.session.completed', session, now);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
