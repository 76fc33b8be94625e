// The care module's public face: the audit trail's one writer (its reader is the staff console's
// audit page, in this module's routes).
export { recordAudit } from './audit';
