import { z } from 'zod';
import type { App } from '../../app-types';
import type { SandboxDelivery } from '../../providers/card-payments';
import type {
  BankAccountErrors,
  BankAccountInput,
} from '../../providers/direct-debit/bank-account';
import { textField } from './sandbox-html';

// What the sandbox's bank pages share: the bank account form (the Direct Debit mandate page and
// the instant bank payment's page both ask for one), their flow's id, and the delivery of the
// webhooks they cause to our own endpoints.

/** The bank account fields as a form posts them (checked by the provider's modulus rules). */
export const BankAccountForm = z.object({
  accountHolderName: z.string().max(200).default(''),
  sortCode: z.string().max(20).default(''),
  accountNumber: z.string().max(20).default(''),
});
export const FlowParams = z.object({ flowId: z.string().max(100) });
export const EMPTY_BANK_ACCOUNT: BankAccountInput = {
  accountHolderName: '',
  sortCode: '',
  accountNumber: '',
};

/** The form's three fields, filled in again with what was posted and what is wrong with it. */
export function bankAccountFields(values: BankAccountInput, errors: BankAccountErrors): string {
  return `${textField({ id: 'accountHolderName', label: 'Name on the account', value: values.accountHolderName, error: errors.accountHolderName, autocomplete: 'name' })}
${textField({ id: 'sortCode', label: 'Sort code', hint: 'Must be 6 digits long, for example 20-29-59', value: values.sortCode, error: errors.sortCode, inputmode: 'numeric' })}
${textField({ id: 'accountNumber', label: 'Account number', hint: 'Must be 8 digits long', value: values.accountNumber, error: errors.accountNumber, inputmode: 'numeric' })}`;
}

/**
 * Sends a sandbox provider's webhooks straight into our own endpoint (`url`), signed exactly as
 * over HTTP; a refusal is logged, as a provider would see it and retry.
 */
export async function deliverToOwnWebhook(
  app: App,
  url: '/api/webhooks/card' | '/api/webhooks/direct-debit',
  deliveries: readonly SandboxDelivery[],
): Promise<void> {
  for (const delivery of deliveries) {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: delivery.headers,
      payload: delivery.body,
    });
    if (res.statusCode >= 300) {
      app.log.error({ statusCode: res.statusCode, body: res.body, url }, 'sandbox webhook refused');
    }
  }
}
