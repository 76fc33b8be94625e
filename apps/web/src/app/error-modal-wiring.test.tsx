import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ANONYMOUS_TOKEN_KEY } from '../lib/auth/anonymous-session';
import { jsonResponse, stubApi } from '../test/api-stubs';
import { renderApp } from '../test/render-app';

/** A visitor who has started a quote: home lists their proposals (no session, no request). */
function withAnonymousSession() {
  sessionStorage.setItem(
    ANONYMOUS_TOKEN_KEY,
    JSON.stringify({ accessToken: 'anonymous-token', expiresAt: Date.now() + 3_600_000 }),
  );
}

describe('error modal wiring', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('opens with the NETWORK text when a query fails without a response', async () => {
    withAnonymousSession();
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 4000 });
    expect(dialog).toHaveTextContent('Please check your internet connection and try again.');
  });

  it('opens with the UNEXPECTED text on a server error, and reports it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    withAnonymousSession();
    stubApi(() => jsonResponse(500, { message: 'boom' }));
    renderApp('/');
    expect(
      await screen.findByRole('dialog', { name: "It's not you, it's us..." }),
    ).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('treats a 404 proposals list as empty: start cards, no modal', async () => {
    withAnonymousSession();
    stubApi(() => jsonResponse(404, {}));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get a BMW Flex quote' })).toHaveAttribute(
      'href',
      '/flex',
    );
    expect(screen.getByRole('link', { name: 'Get a BMW Driveaway quote' })).toHaveAttribute(
      'href',
      '/driveaway',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
