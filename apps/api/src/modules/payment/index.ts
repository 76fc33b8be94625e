import type { App } from '../../app-types';
import type { SandboxCardPayments } from '../../providers/card-payments';
import type { SandboxDirectDebit } from '../../providers/direct-debit';
import { createDatabaseSandboxStore } from './repository';
import { sandboxCardPages } from './sandbox-card-pages';
import { registerStripeCardTokenPage } from './stripe-card-token-page';
import { sandboxDirectDebitPages } from './sandbox-direct-debit-pages';
import { sandboxBankPaymentPages } from './sandbox-bank-payment-pages';
import { sandboxDirectDebitNoticesPage } from './sandbox-direct-debit-notices-page';

export { deliverSandboxDirectDebitEvents } from './sandbox-direct-debit-pages';
export {
  createDirectDebitCollection,
  findPendingFirstCollections,
  refreshOverdueFirstCollections,
  type FirstCollection,
} from './collections';
export { chargeByPhone, chargeCardByPhone, startPricedCardCheckout } from './service';
export { findActiveCard, findActiveMandate } from './methods';
export { chooseBindPaymentMethod } from './bind-method';
export {
  findDirectDebitNotice,
  recordDirectDebitNotice,
  setDirectDebitNoticeMessage,
  type DirectDebitNoticeRow,
} from './direct-debit-notices';
export type { PaymentMethodRow } from './repository';
export { listUnconfirmedMandates } from './unconfirmed-mandates';
export { listPaymentSessionsOfOwner } from './console-reads';
export {
  listProposalsWithCollections,
  listProposalsWithOverdueFirstCollection,
} from './first-collection-lookups';
/** The sandbox providers' records in our database: the sandbox MID keeps its register there. */
export { createDatabaseSandboxStore } from './repository';
export type {
  AdjustmentPaidHandler,
  ProposalPaidHandler,
  ProviderPayment,
  RefundOutcomeHandler,
  SettlementPaidHandler,
} from './webhooks';

/**
 * The sandbox providers' hosted pages (/sandbox/card/*, /sandbox/direct-debit/*,
 * /sandbox/bank-payment/*), mounted when
 * the sandboxes are in use; their records then live in our database (any process serves them).
 */
export async function registerSandboxPaymentPages(app: App): Promise<void> {
  const store = createDatabaseSandboxStore(app.db, () => app.clock.now());
  const { cardPayments, directDebit } = app.providers;
  // Stripe's own card field for the phone payment's token, beside the sandboxes' pages.
  await registerStripeCardTokenPage(app);
  if (cardPayments.adapter === 'sandbox') {
    const sandbox = cardPayments as SandboxCardPayments;
    sandbox.connectStore(store);
    await sandboxCardPages(app, sandbox);
  }
  if (directDebit.adapter === 'sandbox') {
    const sandbox = directDebit as SandboxDirectDebit;
    sandbox.connectStore(store);
    await sandboxDirectDebitPages(app, sandbox);
    await sandboxBankPaymentPages(app, sandbox);
    await sandboxDirectDebitNoticesPage(app, sandbox);
  }
}
export {
  chargeSavedCard,
  countCollectionsByStatus,
  listCollections,
  summariseCollectionsOn,
} from './card-collections';
// A customer's data export and erasure (decision 018).
export { erasePaymentDetails, exportPayments } from './customer-data';
