import { createGoCardlessDirectDebit } from './gocardless';
import { createSandboxDirectDebit } from './sandbox';
import type { DirectDebitProvider } from './types';

export * from './types';
export {
  createSandboxDirectDebit,
  SANDBOX_FAILING_ACCOUNT_HOLDER,
  SANDBOX_FAILURE_REASON,
  SANDBOX_SETTLEMENT_WORKING_DAYS,
  type SandboxDirectDebit,
} from './sandbox';
export { BANK_ACCOUNT_MESSAGES, checkBankAccount, findBankName } from './bank-account';
export { addWorkingDays, isWorkingDay, nextWorkingDayFrom } from './working-days';

export type DirectDebitConfig = {
  goCardlessAccessToken: string | undefined;
  goCardlessWebhookSecret: string | undefined;
  sandboxWebhookSecret: string | undefined;
};

/** GoCardless when its token and webhook secret are configured, else the sandbox. */
export function createDirectDebit(config: DirectDebitConfig): DirectDebitProvider {
  if (config.goCardlessAccessToken && config.goCardlessWebhookSecret) {
    return createGoCardlessDirectDebit({
      accessToken: config.goCardlessAccessToken,
      webhookSecret: config.goCardlessWebhookSecret,
    });
  }
  return createSandboxDirectDebit({ webhookSecret: config.sandboxWebhookSecret });
}
