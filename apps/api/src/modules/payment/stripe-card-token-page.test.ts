import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestApp, createTestConfig } from '../../test/test-app';
import { STRIPE_CARD_FORM_POLICY } from './stripe-card-token-page';

// Issue 31 item 5: with Stripe, staff take the card for a phone payment in Stripe's own card
// field and copy the single-use token; the card number never passes through our pages or API.

describe('the Stripe card form of a phone payment', () => {
  let withKey: App;
  let withoutKey: App;
  beforeAll(async () => {
    const config = createTestConfig();
    withKey = await createTestApp({
      config: { payments: { ...config.payments, stripePublishableKey: 'pk_test_51Abc"<x>' } },
    });
    withoutKey = await createTestApp();
  });
  afterAll(async () => {
    await withKey.close();
    await withoutKey.close();
  });

  it('is Stripe.js and its card field under a policy that allows Stripe and nothing inline', async () => {
    const res = await withKey.inject({ method: 'GET', url: '/stripe/card-token-form' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(STRIPE_CARD_FORM_POLICY);
    expect(STRIPE_CARD_FORM_POLICY).toContain("script-src 'self' https://js.stripe.com");
    expect(STRIPE_CARD_FORM_POLICY).not.toContain("unsafe-inline'; script");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>Card token for a phone payment</h1>');
    expect(res.body).toContain('<script src="https://js.stripe.com/v3/"></script>');
    expect(res.body).toContain('<script src="/stripe/card-token-form.js" defer></script>');
    // The key is escaped into the form's data; there is no card number input of ours.
    expect(res.body).toContain('data-publishable-key="pk_test_51Abc&quot;&lt;x&gt;"');
    expect(res.body).not.toMatch(/<input[^>]+name="number"/);
    expect(res.body).toContain('<label for="card-element">');
    // No inline script: every <script> has a src.
    expect(res.body.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();

    const script = await withKey.inject({ method: 'GET', url: '/stripe/card-token-form.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("stripe.elements().create('card'");
    expect(script.body).toContain('stripe.createToken(card)');
  });

  it('is not served without a publishable key (the sandbox form is used instead)', async () => {
    expect(
      (await withoutKey.inject({ method: 'GET', url: '/stripe/card-token-form' })).statusCode,
    ).toBe(404);
    expect(
      (await withoutKey.inject({ method: 'GET', url: '/sandbox/card/tokenize' })).statusCode,
    ).toBe(200);
  });
});
