import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymousAuthState } from '../lib/auth';
import { ANONYMOUS_TOKEN_KEY } from '../lib/auth/anonymous-session';
import { jsonResponse, signedInAuthState, stubApi } from '../test/api-stubs';
import { renderApp } from '../test/render-app';

/** A visitor who has started a quote: home lists their proposals (no session, no request). */
function withAnonymousSession() {
  sessionStorage.setItem(
    ANONYMOUS_TOKEN_KEY,
    JSON.stringify({ accessToken: 'anonymous-token', expiresAt: Date.now() + 3_600_000 }),
  );
}

describe('sign-out on a 401 from the API (spec 1 §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
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
    withAnonymousSession();
    const fetchMock = stubApi(() => jsonResponse(401, {}));
    renderApp('/', { authState: { ...anonymousAuthState, signOut } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signOut).not.toHaveBeenCalled();
  });
});
