// The anonymous session (spec 1 §7): POST /api/session → { accessToken }, kept in session storage.
// A still-valid token is refreshed for the same anonymous user; a back-book retrieve gives a token
// that reaches one saved quote.

export const ANONYMOUS_TOKEN_KEY = 'motor.anonymousAccessToken';
/** Refresh this long before the token expires. */
const REFRESH_MARGIN_MS = 60 * 1000;

type RetrieveForm = {
  externalReference: string;
  dateOfBirth: string;
  postalCode: string;
  brand: string;
};

type Stored = { accessToken: string; expiresAt: number };

export type AnonymousSession = {
  /** A usable anonymous token: the stored one, refreshed or new when it is (nearly) expired. */
  getToken: () => Promise<string>;
  /** A fresh token for the same anonymous user (a new user when the old token has expired). */
  refreshToken: () => Promise<string>;
  /** A token for one saved quote from the retrieve form; rejects with the API's error on 401/429. */
  retrieveToken: (form: RetrieveForm) => Promise<string>;
  /** The stored token, even if expired, e.g. as `sourceAccessToken` for POST /api/proposals/merge. */
  peekToken: () => string | null;
  clear: () => void;
};

export class AnonymousSessionError extends Error {
  override readonly name = 'AnonymousSessionError';
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`Anonymous session request failed (HTTP ${status})`);
  }
}

export function createAnonymousSession(
  options: {
    baseUrl?: string;
    storage?: Storage;
    fetch?: typeof fetch;
    now?: () => number;
  } = {},
): AnonymousSession {
  const baseUrl = options.baseUrl ?? '/api';
  const storage = options.storage ?? window.sessionStorage;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  let pending: Promise<string> | null = null;

  const read = (): Stored | null => {
    try {
      const raw = storage.getItem(ANONYMOUS_TOKEN_KEY);
      return raw ? (JSON.parse(raw) as Stored) : null;
    } catch {
      return null;
    }
  };

  async function post(path: string, body: unknown, bearer: string | null): Promise<string> {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new AnonymousSessionError(response.status, data);
    const { accessToken, expiresIn } = data as { accessToken: string; expiresIn?: number };
    storage.setItem(
      ANONYMOUS_TOKEN_KEY,
      JSON.stringify({ accessToken, expiresAt: now() + (expiresIn ?? 3600) * 1000 }),
    );
    return accessToken;
  }

  // One request at a time: parallel callers share it.
  const once = (run: () => Promise<string>) => {
    pending ??= run().finally(() => {
      pending = null;
    });
    return pending;
  };

  const refreshToken = () =>
    once(() => {
      const stored = read();
      const isValid = stored !== null && stored.expiresAt > now();
      return post('/session', {}, isValid ? stored.accessToken : null);
    });

  return {
    async getToken() {
      const stored = read();
      if (stored && stored.expiresAt - REFRESH_MARGIN_MS > now()) return stored.accessToken;
      return refreshToken();
    },
    refreshToken,
    retrieveToken: (form) => once(() => post('/session/back-book', form, null)),
    peekToken: () => read()?.accessToken ?? null,
    clear: () => storage.removeItem(ANONYMOUS_TOKEN_KEY),
  };
}
