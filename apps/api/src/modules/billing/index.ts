// The billing module's public face: customer accounts and the double-entry ledger.
export {
  ensureCustomerAccount,
  setAccountPaymentMethod,
  type CustomerAccountRow,
} from './accounts';
export { LEDGER_ACCOUNTS, postTransaction, receivableAccount } from './ledger';
