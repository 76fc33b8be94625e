import { createContext, createElement, useContext } from 'react';
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
};

export const anonymousAuthState: AuthState = {
  isAuthenticated: false,
  isAdmin: false,
  user: null,
  getAccessToken: () => Promise.resolve(null),
};

const AuthContext = createContext<AuthState>(anonymousAuthState);

export function AuthProvider({
  state = anonymousAuthState,
  children,
}: {
  state?: AuthState;
  children?: ReactNode;
}) {
  return createElement(AuthContext.Provider, { value: state }, children);
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
