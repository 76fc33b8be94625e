import { createContext, createElement, useContext, useMemo } from 'react';
import { getLiveAuth, useLiveAuthFunctions, useOidcUser } from './auth/live-auth-state';
import { toSignedInUser } from './auth/signed-in-user';
import type { ReactNode } from 'react';

export type AuthUser = {
  userId: string;
  username: string;
  firstName?: string;
  lastName?: string;
  connection?: string;
  email?: string;
};

// What the app needs to know about the session. The identity issue replaces the source
// (an OIDC client); pages and the api client only read this shape.
export type AuthState = {
  /**
   * True while the page restores a stored session (the OIDC client loads after the first paint):
   * isAuthenticated is not known yet, so a page must not send the visitor elsewhere by it.
   * Absent or false: known.
   */
  isLoading?: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  user: AuthUser | null;
  /** Bearer token for API calls, or null when there is none. */
  getAccessToken: () => Promise<string | null>;
  /** Starts sign-in and comes back to returnTo; absent until an identity source is wired. */
  signIn?: (returnTo: string) => void | Promise<void>;
  /** Completes sign-in on /callback and resolves to the path to go to. */
  handleSignInCallback?: () => Promise<string>;
  signOut?: () => void | Promise<void>;
  /** The signed-in user's permissions (e.g. access:impersonate, action:mta-claims). */
  permissions?: string[];
};

export const anonymousAuthState: AuthState = {
  isAuthenticated: false,
  isAdmin: false,
  user: null,
  getAccessToken: () => Promise.resolve(null),
};

const AuthContext = createContext<AuthState>(anonymousAuthState);

/** The live session: the OIDC user when signed in, the anonymous session otherwise. */
function useLiveAuthState(): AuthState {
  const auth = getLiveAuth();
  const { user, isLoading } = useOidcUser(auth);
  const functions = useLiveAuthFunctions(auth);
  return useMemo(() => {
    if (!user) return { ...anonymousAuthState, ...functions, isLoading };
    const signedIn = toSignedInUser(user);
    return {
      ...functions,
      isAuthenticated: true,
      isAdmin: signedIn.roles.includes('admin'),
      permissions: signedIn.permissions,
      user: {
        userId: signedIn.userId,
        username: signedIn.username,
        firstName: signedIn.firstName,
        lastName: signedIn.lastName,
        connection: signedIn.connection,
        email: signedIn.email,
      },
    };
  }, [user, isLoading, functions]);
}

function LiveAuthProvider({ children }: { children?: ReactNode }) {
  return createElement(AuthContext.Provider, { value: useLiveAuthState() }, children);
}

// Unit tests render without a state and get the anonymous one; the app gets the live session.
const isTest = import.meta.env.MODE === 'test';

export function AuthProvider({ state, children }: { state?: AuthState; children?: ReactNode }) {
  if (state === undefined && !isTest) return createElement(LiveAuthProvider, null, children);
  return createElement(AuthContext.Provider, { value: state ?? anonymousAuthState }, children);
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
