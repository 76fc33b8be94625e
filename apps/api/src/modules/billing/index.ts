// The billing module's public face: customer accounts and the double-entry ledger.
export {
  ensureCustomerAccount,
  setAccountPaymentMethod,
  type CustomerAccountRow,
} from './accounts';
export { getAccountTotals, LEDGER_ACCOUNTS, postTransaction, receivableAccount } from './ledger';
export { findAccountOfPolicy } from './accounts';
export { creditAllInvoiced } from './void-invoices';
export { getAccountToSettle, postSettlementPayment } from './settlement';
export { postProviderPayment } from './provider-payments';
export { checkAccountForCollection, listAccountsToCheckForCollection } from './collection-checks';
export {
  countConsecutiveFailures,
  failProviderPayment,
  findAccount,
  findUpcomingInvoice,
  getSettledBalance,
  listLedgerProviderPayments,
  listPendingProviderPayments,
  listSuspendedAccounts,
  moveAccountStatus,
  settleProviderPayment,
} from './collection-ledger';
export {
  listPendingRefunds,
  listRefundablePayments,
  listRefundIssues,
  listRefundPayouts,
  postRefund,
  providerOfSubType,
  queueRefundIssue,
  recordRefundPayout,
  resolveRefundIssue,
  setRefundPayoutResult,
  settleRefund,
  type PendingRefund,
  type RefundIssue,
  type RefundPayout,
  type RefundProvider,
} from './refunds';
