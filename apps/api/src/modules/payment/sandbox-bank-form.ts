import { z } from 'zod';
import type { App } from '../../app-types';
import type { SandboxDelivery } from '../../providers/card-payments';
import type {
  BankAccountErrors,
  BankAccountInput,
} from '../../providers/direct-debit/bank-account';
import { errorSummary } from '../../html-page';
import { page, textField } from './sandbox-html';

// What the sandbox's bank pages share: the bank account form and the page around it (the Direct
// Debit mandate page and the instant bank payment's page both ask for one), their flow's id, and
// the delivery of the webhooks they cause to our own endpoints.

/** The bank account fields as a form posts them (checked by the provider's modulus rules). */
export const BankAccountForm = z.object({
  accountHolderName: z.string().max(200).default(''),
  sortCode: z.string().max(20).default(''),
  accountNumber: z.string().max(20).default(''),
});
export const FlowParams = z.object({ flowId: z.string().max(100) });
const EMPTY_BANK_ACCOUNT: BankAccountInput = {
  accountHolderName: '',
  sortCode: '',
  accountNumber: '',
};

/** What the customer posted and what is wrong with it, shown again on the form (none at first). */
export type BankAccountEntry = { values?: BankAccountInput; errors?: BankAccountErrors };

/** The form's three fields, filled in again with what was posted and what is wrong with it. */
function bankAccountFields(values: BankAccountInput, errors: BankAccountErrors): string {
  return `${textField({ id: 'accountHolderName', label: 'Name on the account', value: values.accountHolderName, error: errors.accountHolderName, autocomplete: 'name' })}
${textField({ id: 'sortCode', label: 'Sort code', hint: 'Must be 6 digits long, for example 20-29-59', value: values.sortCode, error: errors.sortCode, inputmode: 'numeric' })}
${textField({ id: 'accountNumber', label: 'Account number', hint: 'Must be 8 digits long', value: values.accountNumber, error: errors.accountNumber, inputmode: 'numeric' })}`;
}

/**
 * A sandbox bank page asking for an account: the sandbox's notice, the heading, what the account
 * is for (`about`, HTML), the form posting to `action` with the account's fields (empty, or the
 * `entry` posted) and `buttons`, then the test accounts to try (HTML, one a line).
 */
export function bankAccountPage(options: {
  title: string;
  notice: string;
  about: string;
  action: string;
  buttons: string;
  entry: BankAccountEntry;
  testAccounts: readonly string[];
}): string {
  const { values = EMPTY_BANK_ACCOUNT, errors = {} } = options.entry;
  return page({
    title: options.title,
    hasError: Object.keys(errors).length > 0,
    body: `${errorSummary(errors)}
<p class="notice">${options.notice}</p>
<h1>${options.title}</h1>
${options.about}
<form method="post" action="${options.action}" novalidate>
${bankAccountFields(values, errors)}
${options.buttons}
</form>
<details style="margin-top:1.5rem"><summary>Test accounts</summary><ul>
${options.testAccounts.map((account) => `<li>${account}</li>`).join('\n')}
</ul></details>`,
  });
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
