// The customer an admin acts for, kept for the browser tab (session storage). The API client sends
// it as X-Impersonate-User; the API honours it only for admins with access:impersonate.

export const IMPERSONATE_KEY = 'motor.impersonateUserId';
export const IMPERSONATE_HEADER = 'X-Impersonate-User';

export function getImpersonatedUserId(storage: Storage = window.sessionStorage): string | null {
  return storage.getItem(IMPERSONATE_KEY);
}

export function setImpersonatedUserId(
  userId: string | null,
  storage: Storage = window.sessionStorage,
): void {
  if (userId) storage.setItem(IMPERSONATE_KEY, userId.trim());
  else storage.removeItem(IMPERSONATE_KEY);
}

/** Headers for API calls: the impersonation header when an admin acts for someone. */
export function getImpersonationHeaders(
  isAdmin: boolean,
  storage: Storage = window.sessionStorage,
): Record<string, string> {
  const userId = isAdmin ? getImpersonatedUserId(storage) : null;
  return userId ? { [IMPERSONATE_HEADER]: userId } : {};
}
