import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { auditLog } from './tables';

// The audit module's part of a customer's data export (decision 018). The erasure keeps the audit
// log as it is: the record of what was done is the insurer's to keep.

/** The audit entries about the customer or by them, oldest first. */
export function exportAuditEntries(db: Db, userId: string) {
  const aboutOrBy = or(eq(auditLog.subjectUserId, userId), eq(auditLog.actorUserId, userId));
  return listRows(db, auditLog, aboutOrBy, 'at');
}
