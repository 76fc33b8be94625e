// The care module's public face: the audit trail's one writer (its reader is the staff console's
// audit page, in this module's routes) and the session's read of when acting for a customer began.
export { latestAuditAt, recordAudit } from './audit';
// A customer's data export and erasure (decision 018).
export { exportAuditEntries } from './customer-data';
