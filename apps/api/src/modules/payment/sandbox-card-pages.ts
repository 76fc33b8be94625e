import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types';
import { registerFormPages } from '../../form-pages';
import type { SandboxCardPayments, SandboxDelivery } from '../../providers/card-payments';
import type { CardErrors } from '../../providers/card-payments/card-check';
import type { SandboxSession, SubmitOutcome } from '../../providers/card-payments/sandbox';
import { errorSummary, escapeHtml } from '../../html-page';
import { deliverToOwnWebhook } from './sandbox-bank-form';
import { formatPounds, page, textField } from './sandbox-html';

// The sandbox card provider's hosted pages (what Stripe Checkout is for the real adapter):
// server-rendered, no script, GOV.UK-style errors. Test cards: see SANDBOX_TEST_CARDS.

const CardForm = z.object({
  number: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
});
const SessionParams = z.object({ id: z.string().max(100) });

const TEST_CARD_HINT = `<details style="margin-top:1.5rem"><summary>Test cards</summary><ul>
<li>4242 4242 4242 4242: succeeds</li>
<li>4000 0000 0000 0002: declined</li>
<li>4000 0025 0000 3155: asks for authentication first</li>
</ul><p>Any future expiry date and any 3 digits for the security code.</p></details>`;

function cardFields(values: { number: string; expiry: string; cvc: string }, errors: CardErrors) {
  return [
    textField({
      id: 'number',
      label: 'Card number',
      value: values.number,
      error: errors.number,
      autocomplete: 'cc-number',
      inputmode: 'numeric',
    }),
    textField({
      id: 'expiry',
      label: 'Expiry date',
      hint: 'For example, 08/29',
      value: values.expiry,
      error: errors.expiry,
      autocomplete: 'cc-exp',
    }),
    textField({
      id: 'cvc',
      label: 'Security code',
      hint: 'The last 3 digits on the back of the card',
      value: values.cvc,
      error: errors.cvc,
      autocomplete: 'cc-csc',
      inputmode: 'numeric',
    }),
  ].join('\n');
}

function checkoutPage(
  session: SandboxSession,
  values = { number: '', expiry: '', cvc: '' },
  errors: CardErrors = {},
) {
  const isSetup = session.mode === 'SETUP';
  const heading = isSetup ? 'Save a card' : `Pay ${formatPounds(session.amountPence)}`;
  return page({
    title: heading,
    hasError: Object.keys(errors).length > 0,
    body: `${errorSummary(errors)}
<p class="notice">Sandbox card payments: no real money moves.</p>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(session.description)}</p>
<form method="post" action="/sandbox/card/checkout/${escapeHtml(session.providerSessionId)}" novalidate>
${cardFields(values, errors)}
<button type="submit">${isSetup ? 'Save card' : `Pay ${escapeHtml(formatPounds(session.amountPence))}`}</button>
</form>
${TEST_CARD_HINT}
<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and go back</a></p>`,
  });
}

function authenticationPage(session: SandboxSession) {
  return page({
    title: 'Confirm it is you',
    body: `<p class="notice">Sandbox card payments: no real money moves.</p>
<h1>Confirm it is you</h1>
<p>Your bank asks you to approve this ${session.mode === 'SETUP' ? 'card' : `payment of ${escapeHtml(formatPounds(session.amountPence))}`} (card ending ${escapeHtml(session.pendingCard?.last4 ?? '')}).</p>
<form method="post" action="/sandbox/card/checkout/${escapeHtml(session.providerSessionId)}/authenticate">
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="fail" class="secondary">Fail authentication</button>
</form>`,
  });
}

function declinedPage(message: string, cancelUrl: string, sessionId: string) {
  return page({
    title: 'Payment declined',
    body: `<div class="error-summary" role="alert" tabindex="-1"><h1>Payment declined</h1><p>${escapeHtml(message)}</p></div>
<p><a href="/sandbox/card/checkout/${escapeHtml(sessionId)}">Try another card</a></p>
<p><a href="${escapeHtml(cancelUrl)}">Go back</a></p>`,
  });
}

const notOpenPage = () =>
  page({
    title: 'Payment not available',
    body: '<h1>This payment page has expired or is already complete</h1><p>Go back to the site and start again.</p>',
  });

export async function sandboxCardPages(app: App, sandbox: SandboxCardPayments): Promise<void> {
  await registerFormPages(app, (pages) => {
    const deliver = (deliveries: SandboxDelivery[]) =>
      deliverToOwnWebhook(app, '/api/webhooks/card', deliveries);

    async function answer(
      reply: FastifyReply,
      outcome: SubmitOutcome,
      session: SandboxSession | null,
      values: z.infer<typeof CardForm>,
    ) {
      reply.type('text/html; charset=utf-8');
      switch (outcome.kind) {
        case 'NOT_OPEN':
          reply.code(404);
          return reply.send(notOpenPage());
        case 'INVALID':
          reply.code(400);
          return reply.send(checkoutPage(session!, values, outcome.errors));
        case 'AUTHENTICATE':
          return reply.send(
            authenticationPage((await sandbox.getSession(session!.providerSessionId))!),
          );
        case 'DECLINED':
          await deliver(outcome.deliveries);
          reply.code(402);
          return reply.send(
            declinedPage(outcome.message, outcome.cancelUrl, session!.providerSessionId),
          );
        case 'COMPLETED':
          await deliver(outcome.deliveries);
          return reply.redirect(outcome.redirectUrl, 303);
      }
    }

    pages.get(
      '/sandbox/card/checkout/:id',
      { schema: { hide: true, params: SessionParams } },
      async (request, reply) => {
        const session = await sandbox.getSession(request.params.id);
        reply.type('text/html; charset=utf-8');
        if (!session || session.status === 'COMPLETED') return reply.code(404).send(notOpenPage());
        if (session.status === 'AUTHENTICATING') return reply.send(authenticationPage(session));
        return reply.send(checkoutPage(session));
      },
    );

    pages.post(
      '/sandbox/card/checkout/:id',
      { schema: { hide: true, params: SessionParams, body: CardForm } },
      async (request, reply) => {
        const id = request.params.id;
        const session = await sandbox.getSession(id);
        const outcome = await sandbox.submitCard({
          providerSessionId: id,
          card: request.body,
          now: app.clock.now(),
        });
        return answer(reply, outcome, session, request.body);
      },
    );

    pages.post(
      '/sandbox/card/checkout/:id/authenticate',
      {
        schema: {
          hide: true,
          params: SessionParams,
          body: z.object({ action: z.enum(['approve', 'fail']) }),
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        const session = await sandbox.getSession(id);
        const outcome = await sandbox.authenticate({
          providerSessionId: id,
          approve: request.body.action === 'approve',
          now: app.clock.now(),
        });
        return answer(reply, outcome, session, { number: '', expiry: '', cvc: '' });
      },
    );

    // The phone-payment card form: an agent types the card read out by the customer here (the
    // provider's page, not our API) and copies the token into the MOTO form.
    const tokenPage = (
      values = { number: '', expiry: '', cvc: '' },
      errors: CardErrors = {},
      token?: string,
    ) =>
      page({
        title: 'Card token for a phone payment',
        hasError: Object.keys(errors).length > 0,
        body: `${errorSummary(errors)}
<p class="notice">Sandbox card payments: no real money moves.</p>
<h1>Card token for a phone payment</h1>
${token ? `<div class="notice" role="status"><p>Token for the card ending ${escapeHtml(values.number.replace(/\D/g, '').slice(-4))}:</p><p><output id="token"><strong>${escapeHtml(token)}</strong></output></p><p>Copy it into the phone payment form. It can be used once.</p></div>` : ''}
<form method="post" action="/sandbox/card/tokenize" novalidate>
${cardFields(token ? { number: '', expiry: '', cvc: '' } : values, errors)}
<button type="submit">Create token</button>
</form>
${TEST_CARD_HINT}`,
      });

    pages.get('/sandbox/card/tokenize', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(tokenPage()),
    );

    pages.post(
      '/sandbox/card/tokenize',
      { schema: { hide: true, body: CardForm } },
      async (request, reply) => {
        const result = await sandbox.tokenize({ card: request.body, now: app.clock.now() });
        const wantsJson = (request.headers.accept ?? '').includes('application/json');
        if (result.kind === 'INVALID') {
          if (wantsJson) return reply.code(400).send({ errors: result.errors });
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(tokenPage(request.body, result.errors));
        }
        if (wantsJson) return reply.code(201).send({ token: result.token, last4: result.last4 });
        return reply
          .type('text/html; charset=utf-8')
          .send(tokenPage(request.body, {}, result.token));
      },
    );
  });
}
