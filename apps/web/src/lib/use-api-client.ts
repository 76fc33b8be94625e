import { useMemo } from 'react';
import { createApiClient } from './api-client';
import type { ApiClient } from './api-client';
import { useAuth } from './auth';
import { getImpersonationHeaders } from './auth/impersonation';

/** The api client bound to the current session's bearer token (and the admin's chosen customer). */
export function useApiClient(): ApiClient {
  const { getAccessToken, isAdmin } = useAuth();
  return useMemo(
    () => createApiClient({ getAccessToken, getHeaders: () => getImpersonationHeaders(isAdmin) }),
    [getAccessToken, isAdmin],
  );
}
