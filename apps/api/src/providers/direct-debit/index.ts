import { createGoCardlessDirectDebit } from './gocardless';
import { createSandboxDirectDebit } from './sandbox';
import type { SandboxFaults } from '../card-payments/sandbox-faults';
import type { DirectDebitProvider } from './types';

export * from './types';
export { createSandboxDirectDebit, type SandboxDirectDebit } from './sandbox';
export { addWorkingDays, onOrAfterWorkingDay, subtractWorkingDays } from './working-days';

export type DirectDebitConfig = {
  goCardlessAccessToken: string | undefined;
  goCardlessWebhookSecret: string | undefined;
  sandboxWebhookSecret: string | undefined;
  sandboxFaults?: SandboxFaults;
};

/** GoCardless when its token and webhook secret are configured, else the sandbox. */
export function createDirectDebit(config: DirectDebitConfig): DirectDebitProvider {
  if (config.goCardlessAccessToken && config.goCardlessWebhookSecret) {
    return createGoCardlessDirectDebit({
      accessToken: config.goCardlessAccessToken,
      webhookSecret: config.goCardlessWebhookSecret,
    });
  }
  return createSandboxDirectDebit({
    webhookSecret: config.sandboxWebhookSecret,
    faults: config.sandboxFaults,
  });
}
