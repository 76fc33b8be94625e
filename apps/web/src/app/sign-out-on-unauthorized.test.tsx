import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymousAuthState } from '../lib/auth';
import { jsonResponse, renderApp, signedInAuthState, stubApi } from './test/render-app';

describe('sign-out on a 401 from the API (spec 1 §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('signs a signed-in user out once when a query answers 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signOut = vi.fn(() => new Promise<void>(() => undefined));
    stubApi(() => jsonResponse(401, { message: 'expired' }));
    renderApp('/', { authState: { ...signedInAuthState, signOut } });
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByRole('dialog', { name: 'Your session has expired' }),
    ).toBeInTheDocument();
  });

  it('does not sign out an anonymous visitor', async () => {
    const signOut = vi.fn();
    const fetchMock = stubApi(() => jsonResponse(401, {}));
    renderApp('/', { authState: { ...anonymousAuthState, signOut } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signOut).not.toHaveBeenCalled();
  });
});
