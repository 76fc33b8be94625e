// Collecting the money of monthly bills (issue 16 item 3): the jobs app.ts registers.
import { collectPaymentJob, planCollectionsJob } from './collect';
import { cancelForNonPaymentJob } from './non-payment';
import { ntuUnpaidPoliciesJob } from './not-taken-up';
import { confirmNewMandatesJob } from './mandate-confirmations';
import { applyCollectionOutcomesJob } from './outcomes';
import { reconcilePaymentsJob } from './reconcile';
import { payRefundsJob } from './refunds';

export const collectionJobs = [
  planCollectionsJob,
  collectPaymentJob,
  applyCollectionOutcomesJob,
  confirmNewMandatesJob,
  cancelForNonPaymentJob,
  payRefundsJob,
  reconcilePaymentsJob,
  ntuUnpaidPoliciesJob,
];
export { enqueueFirstCollection } from './queue';
export { collectFirstPayment } from './collect';
export { recordRefundOutcome } from './refunds';
export { reconciliationAdminRoutes } from './routes';
export { listOpenFindings } from './reconcile';
export { NON_PAYMENT_REASON } from './non-payment';
