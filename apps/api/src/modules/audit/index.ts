// The audit module's public face: the audit trail's one writer, the session's read of when acting
// for a customer began, and the rows the staff console (care) lists. It imports no module, so
// every module can record.
export { latestAuditAt, listAuditRows, recordAudit, recordCustomerAudit } from './audit';
// A customer's data export and erasure (decision 018).
export { exportAuditEntries } from './customer-data';
