import { createSandboxCardPayments } from './sandbox';
import { createStripeCardPayments } from './stripe';
import type { SandboxFaults } from './sandbox-faults';
import type { CardPaymentsProvider } from './types';

export * from './types';
export {
  createSandboxCardPayments,
  createSandboxWebhookSecret,
  type SandboxCardPayments,
  type SandboxDelivery,
} from './sandbox';
export type { SandboxStore } from './sandbox-store';
export type { SandboxFaults } from './sandbox-faults';

export type CardPaymentsConfig = {
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  sandboxWebhookSecret: string | undefined;
  sandboxFaults?: SandboxFaults;
};

/** Stripe when its keys are configured (config.ts checks they come in pairs), else the sandbox. */
export function createCardPayments(config: CardPaymentsConfig): CardPaymentsProvider {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    return createStripeCardPayments({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
    });
  }
  return createSandboxCardPayments({
    webhookSecret: config.sandboxWebhookSecret,
    faults: config.sandboxFaults,
  });
}
