import { createGoCardlessDirectDebit } from './gocardless';
import { createSandboxDirectDebit } from './sandbox';
import { sandboxOptionsOf, type PaymentSandboxConfig } from '../card-payments/payment-sandbox';
import type { DirectDebitProvider } from './types';

export * from './types';
export { createSandboxDirectDebit, type SandboxDirectDebit } from './sandbox';
export { addWorkingDays, onOrAfterWorkingDay, subtractWorkingDays } from './working-days';

export type DirectDebitConfig = PaymentSandboxConfig & {
  goCardlessAccessToken: string | undefined;
  goCardlessWebhookSecret: string | undefined;
};

/** GoCardless when its token and webhook secret are configured, else the sandbox. */
export function createDirectDebit(config: DirectDebitConfig): DirectDebitProvider {
  if (config.goCardlessAccessToken && config.goCardlessWebhookSecret) {
    return createGoCardlessDirectDebit({
      accessToken: config.goCardlessAccessToken,
      webhookSecret: config.goCardlessWebhookSecret,
    });
  }
  return createSandboxDirectDebit(sandboxOptionsOf(config));
}
