import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { AuthProvider, useAuth } from '../lib/auth';
import type { AuthState } from '../lib/auth';
import { ErrorModalProvider } from '../components/ui/error-modal';
import { createErrorChannel, type ErrorChannel } from '../lib/error-channel';
import { createQueryClient } from '../lib/query-client';

export type AppProvidersProps = {
  children?: ReactNode;
  /** Defaults to the anonymous session until the identity source is wired. */
  authState?: AuthState;
  queryClient?: QueryClient;
};

/** Spec 1 §8: a 401 from the API for a signed-in user signs them out (once). */
function SignOutOnUnauthorized({ register }: { register: ErrorChannel['listen'] }) {
  const { isAuthenticated, signOut } = useAuth();
  const signingOut = useRef(false);
  useEffect(() => {
    register(() => {
      if (!isAuthenticated || !signOut || signingOut.current) return;
      signingOut.current = true;
      void Promise.resolve(signOut()).finally(() => {
        signingOut.current = false;
      });
    });
  }, [register, isAuthenticated, signOut]);
  return null;
}

export function AppProviders({ children, authState, queryClient }: AppProvidersProps) {
  // The query client lives outside React; the channel lets its onError reach the modal.
  const [{ client, channel, unauthorized }] = useState(() => {
    const errorChannel = createErrorChannel();
    const unauthorizedChannel = createErrorChannel();
    return {
      channel: errorChannel,
      unauthorized: unauthorizedChannel,
      client: queryClient ?? createQueryClient(errorChannel.emit, unauthorizedChannel.emit),
    };
  });

  return (
    <I18nextProvider i18n={i18n}>
      <AuthProvider state={authState}>
        <SignOutOnUnauthorized register={unauthorized.listen} />
        <QueryClientProvider client={client}>
          <ErrorModalProvider register={channel.listen}>{children}</ErrorModalProvider>
        </QueryClientProvider>
      </AuthProvider>
    </I18nextProvider>
  );
}
