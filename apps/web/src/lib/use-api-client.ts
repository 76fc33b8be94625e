import { useMemo } from 'react';
import { createApiClient } from './api-client';
import type { ApiClient } from './api-client';
import { useAuth } from './auth';

/** The api client bound to the current session's bearer token. */
export function useApiClient(): ApiClient {
  const { getAccessToken } = useAuth();
  return useMemo(() => createApiClient({ getAccessToken }), [getAccessToken]);
}
