import { createSandboxCardPayments } from './sandbox';
import { createStripeCardPayments } from './stripe';
import { sandboxOptionsOf, type PaymentSandboxConfig } from './payment-sandbox';
import type { CardPaymentsProvider } from './types';

export * from './types';
export { createSandboxCardPayments, type SandboxCardPayments } from './sandbox';
export type { SandboxDelivery } from './payment-sandbox';
export type { SandboxStore } from './sandbox-store';
export type { SandboxFaults } from './sandbox-faults';

export type CardPaymentsConfig = PaymentSandboxConfig & {
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
};

/** Stripe when its keys are configured (config.ts checks they come in pairs), else the sandbox. */
export function createCardPayments(config: CardPaymentsConfig): CardPaymentsProvider {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    return createStripeCardPayments({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
    });
  }
  return createSandboxCardPayments(sandboxOptionsOf(config));
}
