// Sign-in through the identity provider (spec 1 §7): redirect, return to /callback, tokens and
// refresh tokens in local storage. The embedded provider is at /auth on the same origin.
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { safeReturnTo } from '../paths';

// The claims-to-user mapping is apart so the first route can use it without the OIDC client.
export { toSignedInUser } from './signed-in-user';

/** Errors after which the user is signed out (spec 1 §8). */
const SIGN_OUT_ERRORS = [
  'login_required',
  'unauthorized',
  'invalid_grant',
  'missing_refresh_token',
] as const;

export function isSignOutError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { error?: unknown }).error;
  if (typeof code === 'string' && (SIGN_OUT_ERRORS as readonly string[]).includes(code)) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  // oidc-client-ts says so in words when there is no refresh token to use.
  return typeof message === 'string' && /no refresh token|login_required/i.test(message);
}

export type OidcSettings = {
  /** The issuer, e.g. `${origin}/auth`. */
  authority: string;
  clientId: string;
  /** Default: window.location.origin. */
  origin?: string;
  scope?: string;
  /** Default: window.localStorage. */
  store?: Storage;
};

export type OidcAuth = {
  userManager: UserManager;
  /** Goes to the provider; after sign-in the app comes back to `returnTo`. */
  signIn: (returnTo: string) => Promise<void>;
  /** On /callback: finishes sign-in and resolves to the path to go to. */
  handleSignInCallback: (url?: string) => Promise<string>;
  /** Refresh-token (or iframe) sign-in without a page change; null when it cannot. */
  signInSilently: () => Promise<User | null>;
  /** Revokes the refresh token, forgets the tokens, ends the provider session. */
  signOut: () => Promise<void>;
  /** A valid access token, refreshed when needed; null when signed out (after sign-out errors). */
  getTokenSilently: () => Promise<string | null>;
  getUser: () => Promise<User | null>;
};

export function createOidcAuth(settings: OidcSettings): OidcAuth {
  const origin = settings.origin ?? window.location.origin;
  const store = settings.store ?? window.localStorage;
  const userManager = new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: `${origin}/callback`,
    silent_redirect_uri: `${origin}/silent-callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: settings.scope ?? 'openid email phone profile api',
    userStore: new WebStorageStateStore({ store }),
    automaticSilentRenew: false,
  });

  async function forget() {
    await userManager.removeUser();
  }

  let signingOut: Promise<void> | null = null;

  /**
   * Revokes the refresh token, which ends its grant: the API refuses the grant's access tokens
   * from then on. Only once the provider has answered are the tokens forgotten and the browser
   * sent to end the provider session (a page change would abort the call).
   */
  async function signOutOnce() {
    const user = await userManager.getUser();
    try {
      if (user?.refresh_token) await userManager.revokeTokens(['refresh_token']);
    } catch {
      // Sign-out goes on: the session end below revokes the grant anyway.
    }
    await forget();
    await userManager.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
  }

  async function renewOnce() {
    try {
      return await userManager.signinSilent();
    } catch (error) {
      if (isSignOutError(error)) {
        await forget();
        return null;
      }
      throw error;
    }
  }

  let renewing: Promise<User | null> | null = null;

  /**
   * One renewal at a time: queries that find the token expired together share it. Two using
   * the same refresh token would look like its theft to the provider, which then ends the
   * grant and with it every access token (the customer would be signed out).
   */
  function signInSilently() {
    renewing ??= renewOnce().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  return {
    userManager,
    signIn: (returnTo) => userManager.signinRedirect({ state: { returnTo } }),
    async handleSignInCallback(url) {
      const user = await userManager.signinRedirectCallback(url);
      const state = user.state as { returnTo?: unknown } | undefined;
      const returnTo = typeof state?.returnTo === 'string' ? state.returnTo : '/';
      // Only paths of this app: never an open redirect.
      return safeReturnTo(returnTo);
    },
    signInSilently,
    signOut() {
      // One sign-out at a time: the menu's button and a 401 arriving meanwhile share it, so a
      // second redirect never cuts the first one's revocation off (issue 31 item 11).
      signingOut ??= signOutOnce().finally(() => {
        signingOut = null;
      });
      return signingOut;
    },
    async getTokenSilently() {
      const user = await userManager.getUser();
      if (!user) return null;
      if (!user.expired && (user.expires_in ?? 0) > 30) return user.access_token;
      const renewed = await signInSilently();
      return renewed?.access_token ?? null;
    },
    getUser: () => userManager.getUser(),
  };
}
