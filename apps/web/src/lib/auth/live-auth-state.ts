// Builds the app's AuthState (lib/auth.ts) from the OIDC client and the anonymous session.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { User } from 'oidc-client-ts';
import { createAnonymousSession, type AnonymousSession } from './anonymous-session';
import { mergeAnonymousProposal } from './merge-anonymous-proposal';
import { createOidcAuth, type OidcAuth } from './oidc';

export type LiveAuth = { oidc: OidcAuth; anonymous: AnonymousSession };

let singleton: LiveAuth | null = null;

/** One OIDC client and one anonymous session per page. */
export function getLiveAuth(): LiveAuth {
  singleton ??= {
    oidc: createOidcAuth({
      authority:
        (import.meta.env.VITE_OIDC_AUTHORITY as string | undefined) ??
        `${window.location.origin}/auth`,
      clientId: (import.meta.env.VITE_OIDC_CLIENT_ID as string | undefined) ?? 'motor-web',
    }),
    anonymous: createAnonymousSession(),
  };
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
    const { events } = auth.oidc.userManager;
    let isCurrent = true;
    const load = (user: User | null) => {
      if (isCurrent) setSnapshot({ isLoading: false, user });
    };
    void auth.oidc.getUser().then(load, () => load(null));
    const onLoaded = (user: User) => load(user);
    const onUnloaded = () => load(null);
    events.addUserLoaded(onLoaded);
    events.addUserUnloaded(onUnloaded);
    events.addUserSignedOut(onUnloaded);
    return () => {
      isCurrent = false;
      events.removeUserLoaded(onLoaded);
      events.removeUserUnloaded(onUnloaded);
      events.removeUserSignedOut(onUnloaded);
    };
  }, [auth]);
  return snapshot;
}

export function useLiveAuthFunctions(auth: LiveAuth = getLiveAuth()) {
  const getAccessToken = useCallback(async () => {
    const token = await auth.oidc.getTokenSilently();
    return token ?? auth.anonymous.getToken();
  }, [auth]);
  const signIn = useCallback((returnTo: string) => auth.oidc.signIn(returnTo), [auth]);
  const handleSignInCallback = useCallback(async () => {
    const returnTo = await auth.oidc.handleSignInCallback();
    // Back to a quote started anonymously (account set-up): make it the signed-in user's first.
    await mergeAnonymousProposal({
      returnTo,
      accessToken: await auth.oidc.getTokenSilently(),
      anonymousToken: auth.anonymous.peekToken(),
    });
    return returnTo;
  }, [auth]);
  const signOut = useCallback(async () => {
    auth.anonymous.clear();
    await auth.oidc.signOut();
  }, [auth]);
  return useMemo(
    () => ({ getAccessToken, signIn, handleSignInCallback, signOut }),
    [getAccessToken, signIn, handleSignInCallback, signOut],
  );
}
