// Builds the app's AuthState (lib/auth.ts) from the OIDC client and the anonymous session.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { User } from 'oidc-client-ts';
import { createAnonymousSession, type AnonymousSession } from './anonymous-session';
import { landingAfterSignIn } from '../paths';
import { mergeAnonymousProposal } from './merge-anonymous-proposal';
import type { OidcAuth } from './oidc';
import { toSignedInUser } from './signed-in-user';

/** The OIDC client loads on first use, after the first paint (first-route JS budget, issue 5). */
export type LiveAuth = { oidc: () => Promise<OidcAuth>; anonymous: AnonymousSession };

let singleton: LiveAuth | null = null;
let oidcAuth: Promise<OidcAuth> | null = null;

function loadOidcAuth(): Promise<OidcAuth> {
  oidcAuth ??= import('./oidc').then(({ createOidcAuth }) =>
    createOidcAuth({
      authority:
        (import.meta.env.VITE_OIDC_AUTHORITY as string | undefined) ??
        `${window.location.origin}/auth`,
      clientId: (import.meta.env.VITE_OIDC_CLIENT_ID as string | undefined) ?? 'motor-web',
    }),
  );
  return oidcAuth;
}

/** One OIDC client and one anonymous session per page. */
export function getLiveAuth(): LiveAuth {
  singleton ??= { oidc: loadOidcAuth, anonymous: createAnonymousSession() };
  return singleton;
}

export type LiveAuthSnapshot = {
  isLoading: boolean;
  user: User | null;
};

/** The signed-in OIDC user (or null), kept up to date with the client's events. */
export function useOidcUser(auth: LiveAuth = getLiveAuth()): LiveAuthSnapshot {
  const [snapshot, setSnapshot] = useState<LiveAuthSnapshot>({ isLoading: true, user: null });
  useEffect(() => {
    let isCurrent = true;
    let unsubscribe = () => {};
    const load = (user: User | null) => {
      if (isCurrent) setSnapshot({ isLoading: false, user });
    };
    const onLoaded = (user: User) => load(user);
    const onUnloaded = () => load(null);
    auth.oidc().then(
      (oidc) => {
        if (!isCurrent) return;
        const { events } = oidc.userManager;
        void oidc.getUser().then(load, () => load(null));
        events.addUserLoaded(onLoaded);
        events.addUserUnloaded(onUnloaded);
        events.addUserSignedOut(onUnloaded);
        unsubscribe = () => {
          events.removeUserLoaded(onLoaded);
          events.removeUserUnloaded(onUnloaded);
          events.removeUserSignedOut(onUnloaded);
        };
      },
      () => load(null),
    );
    return () => {
      isCurrent = false;
      unsubscribe();
    };
  }, [auth]);
  return snapshot;
}

export function useLiveAuthFunctions(auth: LiveAuth = getLiveAuth()) {
  const getAccessToken = useCallback(async () => {
    const token = await (await auth.oidc()).getTokenSilently();
    return token ?? auth.anonymous.getToken();
  }, [auth]);
  const signIn = useCallback(
    async (returnTo: string) => (await auth.oidc()).signIn(returnTo),
    [auth],
  );
  const handleSignInCallback = useCallback(async () => {
    const oidc = await auth.oidc();
    const returnTo = await oidc.handleSignInCallback();
    // Back to a quote started anonymously (account set-up): make it the signed-in user's first.
    await mergeAnonymousProposal({
      returnTo,
      accessToken: await oidc.getTokenSilently(),
      anonymousToken: auth.anonymous.peekToken(),
    });
    // Staff land on the console, never on a customer's page that would refuse them (issue 18).
    const user = await oidc.getUser();
    const isStaff = user ? toSignedInUser(user).roles.includes('admin') : false;
    return landingAfterSignIn(returnTo, isStaff);
  }, [auth]);
  const signOut = useCallback(async () => {
    auth.anonymous.clear();
    await (await auth.oidc()).signOut();
  }, [auth]);
  return useMemo(
    () => ({ getAccessToken, signIn, handleSignInCallback, signOut }),
    [getAccessToken, signIn, handleSignInCallback, signOut],
  );
}
