// Test support may use the app's composition: a page is tested inside the providers it runs in.
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { AuthState } from '../lib/auth';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/** The app's providers (texts, auth, query client, error modal) around a test's router. */
export function TestApp({ router, authState }: { router: MemoryRouter; authState?: AuthState }) {
  return (
    <AppProviders authState={authState}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/** Renders the real route table at a path, as the app does. */
export function renderApp(path: string, options: { authState?: AuthState } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(<TestApp router={router} authState={options.authState} />);
  return { ...result, router };
}
