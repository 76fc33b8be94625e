// The billing module's public face: customer accounts and the double-entry ledger.
export { ensureCustomerAccount, type CustomerAccountRow } from './accounts';
// Postings are built here only: flows post premium lines with postPremium.
export { getAccountTotals, postPremium } from './ledger';
// The money of a bind and of a confirmed change, each one verb.
export { invoiceBoundPremium, postProposalPayment, refundProposalPayment } from './bind-money';
export { postAdjustmentMoney } from './adjustment-money';
export {
  findAccountOfPolicy,
  listAccountSummariesOfPolicies,
  resumeAccountBilling,
} from './accounts';
export {
  listDirectDebitPolicyAccounts,
  listPolicyAccountsWithoutPayment,
  policiesOfAccounts,
} from './account-lookups';
export { listAgedDebt, sumWrittenPremium } from './finance';
export { listWrittenTransactions } from './bordereau';
export { creditAllInvoiced } from './void-invoices';
export { getAccountToSettle, postSettlementPayment, type OverpaymentRefund } from './settlement';
export { postProviderPayment } from './provider-payments';
export { checkAccountForCollection, listAccountsToCheckForCollection } from './collection-checks';
export {
  countConsecutiveFailures,
  failProviderPayment,
  failRefund,
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
  confirmRefundPayout,
  isSentPayout,
  listPendingRefunds,
  listRefundablePayments,
  listRefundParts,
  listRefundPayouts,
  postRefund,
  providerOfSubType,
  recordRefundPayout,
  setRefundPayoutResult,
  settleRefund,
  type PendingRefund,
  type RefundPayout,
  type RefundProvider,
} from './refunds';
export {
  listRefundIssues,
  queueRefundIssue,
  queueReturnedRefund,
  refundIssueExists,
  resolveRefundIssue,
  type RefundIssue,
} from './refund-queue';
export {
  lastReconciliationRun,
  listOpenReconciliationFindings,
  storeReconciliationRun,
  type ReconciliationFindingInput,
} from './reconciliation';
// A customer's data export and erasure (decision 018).
export { exportCustomerAccounts } from './customer-data';
