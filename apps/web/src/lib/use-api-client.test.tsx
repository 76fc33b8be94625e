import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInAuthState } from '../test/api-stubs';
import { createApiClient } from './api-client';
import { AuthProvider, type AuthState } from './auth';
import { IMPERSONATE_HEADER, setImpersonatedUserId } from './auth/impersonation';
import { useApiClient } from './use-api-client';

function clientFor(state: AuthState) {
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <AuthProvider state={state}>{children}</AuthProvider>
  );
  return renderHook(() => useApiClient(), { wrapper }).result.current;
}

function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(200, {})));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentHeaders = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;

describe('api client headers', () => {
  afterEach(() => {
    setImpersonatedUserId(null);
    vi.unstubAllGlobals();
  });

  it('adds the headers from getHeaders, read on every request', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(200, {})));
    let userId = 'u-1';
    const client = createApiClient({
      fetch: fetchMock,
      getHeaders: () => ({ 'X-Impersonate-User': userId }),
    });
    await client.get('/policyholder');
    userId = 'u-2';
    await client.get('/policyholder');
    expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ 'X-Impersonate-User': 'u-1' });
    expect(fetchMock.mock.calls[1]![1]!.headers).toMatchObject({ 'X-Impersonate-User': 'u-2' });
  });

  it('sends X-Impersonate-User for an admin who has chosen a customer', async () => {
    const fetchMock = stubFetch();
    setImpersonatedUserId('u-42');
    await clientFor({ ...signedInAuthState, isAdmin: true }).get('/policyholder');
    expect(sentHeaders(fetchMock)[IMPERSONATE_HEADER]).toBe('u-42');
    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer token-1');
  });

  it('sends no impersonation header for an admin who has not chosen anyone', async () => {
    const fetchMock = stubFetch();
    await clientFor({ ...signedInAuthState, isAdmin: true }).get('/policyholder');
    expect(sentHeaders(fetchMock)).not.toHaveProperty(IMPERSONATE_HEADER);
  });

  it('never sends it for a customer, whatever the tab holds', async () => {
    const fetchMock = stubFetch();
    setImpersonatedUserId('u-42');
    await clientFor(signedInAuthState).get('/policyholder');
    expect(sentHeaders(fetchMock)).not.toHaveProperty(IMPERSONATE_HEADER);
  });
});
