import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';

/**
 * What a staff member's account may open in the console (decision 033); the API refuses the
 * same (403), these only keep the pages from offering what would be refused.
 */
export const STAFF_PERMISSIONS = {
  /** Find customers, read what we hold about them, act for them. */
  impersonate: 'access:impersonate',
  /** Jobs, reconciliation, the refunds queue and the server's clock. */
  operations: 'access:operations',
  audit: 'access:audit',
  chat: 'access:chat',
  moveClock: 'action:move-clock',
  /** Reinstate a cancelled policy from the customer page (decision 042). */
  reinstate: 'action:reinstate',
} as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[keyof typeof STAFF_PERMISSIONS];

/** Whether the signed-in staff member holds a permission: false for anybody else. */
export function useStaffPermission(): (permission: StaffPermission) => boolean {
  const { isAdmin, permissions } = useAuth();
  return (permission) => isAdmin && (permissions ?? []).includes(permission);
}

/** A 403 from the API: the account lost a permission since signing in (or never had it). */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
