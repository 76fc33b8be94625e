import { randomBytes } from 'node:crypto';
import { createSandboxFaultInjector, type SandboxFaults } from './sandbox-faults';
import { createMemorySandboxStore, type SandboxStore } from './sandbox-store';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, verifySandboxSignature } from './signature';
import type { WebhookInput } from './types';

// What the two payment sandboxes (card, and direct debit with its bank payment) are made of alike:
// their options, the ids of their records, and the signed webhooks they send to our endpoints and
// check again when those endpoints parse them.

/** A webhook the sandbox sends to our endpoint. */
export type SandboxDelivery = { body: string; headers: Record<string, string> };

/**
 * A payment sandbox's options: the webhook secret (a random one when absent), the store it starts
 * on (in memory when absent; the app connects its database store) and the fault switches.
 */
export type PaymentSandboxOptions = {
  webhookSecret?: string;
  store?: SandboxStore;
  faults?: SandboxFaults;
};

/** What both payment providers read of the configuration for their sandbox (config.ts `payments`). */
export type PaymentSandboxConfig = {
  sandboxWebhookSecret: string | undefined;
  sandboxFaults?: SandboxFaults;
};

/** A payment sandbox's options from that configuration. */
export function sandboxOptionsOf(config: PaymentSandboxConfig): PaymentSandboxOptions {
  return { webhookSecret: config.sandboxWebhookSecret, faults: config.sandboxFaults };
}

/**
 * A random webhook secret for a sandbox when none is configured. The sandboxes deliver their
 * webhooks to the process they run in, so it never has to be shared; a fixed default would let
 * anybody forge a signed "payment succeeded".
 */
function createSandboxWebhookSecret(): string {
  return `sandbox_whsec_${randomBytes(24).toString('hex')}`;
}

/** An id of a sandbox record, shaped as the provider's own: `<prefix>_sandbox_<random>`. */
export const sandboxId = (prefix: string) =>
  `${prefix}_sandbox_${randomBytes(12).toString('base64url')}`;

/**
 * The parts of the `provider`'s sandbox made from its options: the store it starts on, the fault
 * injector, and its webhooks: `sign` makes a delivery of a payload (its JSON, signed with the
 * secret, captured for the fault bench when asked), `read` answers the payload of a delivery whose
 * signature holds (WebhookSignatureError otherwise).
 */
export function paymentSandboxParts(
  provider: 'CARD' | 'DIRECT_DEBIT',
  options: PaymentSandboxOptions,
) {
  const secret = options.webhookSecret ?? createSandboxWebhookSecret();
  const faults = createSandboxFaultInjector(options.faults);
  const sign = (payload: unknown, now: Date): SandboxDelivery => {
    const body = JSON.stringify(payload);
    const delivery = {
      body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload({ secret, body, now }),
      },
    };
    faults.capture(provider, delivery);
    return delivery;
  };
  const read = ({ rawBody, headers, now }: WebhookInput): unknown => {
    verifySandboxSignature({ secret, rawBody, header: headers[SANDBOX_SIGNATURE_HEADER], now });
    return JSON.parse(rawBody.toString('utf8'));
  };
  return { store: options.store ?? createMemorySandboxStore(), faults, webhooks: { sign, read } };
}
