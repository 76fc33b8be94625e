import type { App } from '../../app-types';
import { escapeHtml } from '../../html-page';
import { renderPage } from '../brand';

// The phone payment's card form with Stripe (issue 31 item 5): staff type the card the customer
// reads out into Stripe's own card field (Elements, an iframe from js.stripe.com), Stripe.js turns
// it into a single-use tok_… token, and staff copy the token into the phone payment form. The
// card number goes to Stripe only, never through our pages or API. Served when
// STRIPE_PUBLISHABLE_KEY is set; the web app opens it in a new tab (VITE_CARD_TOKEN_FORM_URL =
// /stripe/card-token-form). With the sandbox, /sandbox/card/tokenize plays this part.

const PAGE_PATH = '/stripe/card-token-form';
const SCRIPT_PATH = `${PAGE_PATH}.js`;

/** This page's own policy: Stripe.js and its card-field iframe and API, nothing inline. */
export const STRIPE_CARD_FORM_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://*.stripe.com",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The page's script: Stripe's card field, then the token shown for staff to copy. */
const SCRIPT = `'use strict';
const form = document.getElementById('card-token-form');
const errors = document.getElementById('card-errors');
const result = document.getElementById('token-result');
const stripe = window.Stripe(form.dataset.publishableKey);
const card = stripe.elements().create('card', { hidePostalCode: true });
card.mount('#card-element');
card.on('change', (event) => {
  errors.textContent = event.error ? event.error.message : '';
});
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const button = form.querySelector('button');
  button.disabled = true;
  const { token, error } = await stripe.createToken(card);
  button.disabled = false;
  if (error) {
    errors.textContent = error.message;
    return;
  }
  document.getElementById('token').textContent = token.id;
  document.getElementById('token-last4').textContent = token.card ? token.card.last4 : '';
  result.hidden = false;
  result.focus();
  card.clear();
});
`;

function pageHtml(publishableKey: string): string {
  return renderPage({
    title: 'Card token for a phone payment',
    body: `<h1>Card token for a phone payment</h1>
<p>Type the card the customer reads out. It goes to Stripe only. Copy the token into the phone
payment form; it can be used once.</p>
<form id="card-token-form" data-publishable-key="${escapeHtml(publishableKey)}" novalidate>
<label for="card-element">Card number, expiry date and security code</label>
<div id="card-element" class="card-element"></div>
<p id="card-errors" role="alert"></p>
<button type="submit">Create token</button>
</form>
<div id="token-result" role="status" tabindex="-1" hidden>
<p>Token for the card ending <span id="token-last4"></span>:</p>
<p><output id="token"></output></p>
</div>
<script src="https://js.stripe.com/v3/"></script>
<script src="${SCRIPT_PATH}" defer></script>`,
  });
}

/** Mounts the page and its script when a Stripe publishable key is configured. */
export async function registerStripeCardTokenPage(app: App): Promise<void> {
  const publishableKey = app.config.payments.stripePublishableKey;
  if (!publishableKey) return;
  const html = pageHtml(publishableKey);
  app.get(PAGE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-security-policy', STRIPE_CARD_FORM_POLICY)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html),
  );
  app.get(SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(SCRIPT),
  );
}
