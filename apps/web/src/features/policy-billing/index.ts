// The policy's billing tab (spec 3 §2, §7): instalments, statements, the payment day and method,
// settling the balance.
export { BillingTab } from './billing-tab';
