import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { AuthProvider } from '../lib/auth';
import type { AuthState } from '../lib/auth';
import { ErrorModalProvider } from './error-modal';
import { createErrorChannel, createQueryClient } from './query-client';

export type AppProvidersProps = {
  children?: ReactNode;
  /** Defaults to the anonymous session until the identity source is wired. */
  authState?: AuthState;
  queryClient?: QueryClient;
};

export function AppProviders({ children, authState, queryClient }: AppProvidersProps) {
  // The query client lives outside React; the channel lets its onError reach the modal.
  const [{ client, channel }] = useState(() => {
    const errorChannel = createErrorChannel();
    return {
      channel: errorChannel,
      client: queryClient ?? createQueryClient(errorChannel.emit),
    };
  });

  return (
    <I18nextProvider i18n={i18n}>
      <AuthProvider state={authState}>
        <QueryClientProvider client={client}>
          <ErrorModalProvider register={channel.listen}>{children}</ErrorModalProvider>
        </QueryClientProvider>
      </AuthProvider>
    </I18nextProvider>
  );
}
