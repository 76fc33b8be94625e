import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../lib/i18n';
import { ApiError } from '../lib/api-client';
import { ANONYMOUS_TOKEN_KEY } from '../lib/auth/anonymous-session';
import { AppError, getErrorContent } from './error-content';
import { jsonResponse, renderApp, stubApi } from './test/render-app';

const t = i18n.getFixedT('en-GB');

describe('error content (spec 1 §8)', () => {
  it('pins the catalogue texts', () => {
    expect(getErrorContent(new ApiError({ kind: 'NETWORK' }), t).content).toBe(
      'Please check your internet connection and try again.',
    );
    expect(getErrorContent(new AppError('SIGN_IN_FAILED'), t).content).toBe(
      'We were unable to sign you in at this time. Please try again.',
    );
    expect(getErrorContent(new ApiError({ kind: 'UNAUTHORIZED' }), t)).toEqual({
      header: 'Your session has expired',
      content: 'For your security, your session has ended. Please sign in again to continue.',
    });
    expect(
      getErrorContent(new ApiError({ kind: 'UNEXPECTED', status: 500, data: null }), t).header,
    ).toBe("It's not you, it's us...");
  });

  it('translates by error_description, else shows name and message', () => {
    const described = Object.assign(new Error('invalid_grant'), {
      error_description: 'Wrong email or verification code',
    });
    expect(getErrorContent(described, t)).toEqual({
      header: 'We could not sign you in',
      content: 'Wrong email or verification code',
    });
    const plain = new TypeError('Something odd');
    expect(getErrorContent(plain, t)).toEqual({ header: 'TypeError', content: 'Something odd' });
  });
});

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
