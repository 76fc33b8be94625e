import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anonymousAuthState, type AuthState } from '../lib/auth';
import { AppProviders } from './providers';
import { AnonymousOnlyRoute, ProtectedRoute } from './protected-route';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, authState: AuthState) {
  const router = createMemoryRouter(
    [
      { path: '/account', element: <ProtectedRoute>account page</ProtectedRoute> },
      { path: '/retrieve', element: <AnonymousOnlyRoute>retrieve page</AnonymousOnlyRoute> },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders authState={authState}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const restoring: AuthState = { ...anonymousAuthState, isLoading: true };
const signedIn: AuthState = { ...anonymousAuthState, isAuthenticated: true };

describe('protected and anonymous-only routes', () => {
  it('a signed-in page reloaded while the session loads waits instead of going to sign-in', () => {
    renderAt('/account?tab=documents', restoring);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to sign-in, keeping the path and query', () => {
    renderAt('/account?tab=documents', anonymousAuthState);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/sign-in?returnTo=%2Faccount%3Ftab%3Ddocuments',
    );
  });

  it('shows the page to a signed-in customer', () => {
    renderAt('/account', signedIn);
    expect(screen.getByText('account page')).toBeInTheDocument();
  });

  it('an anonymous-only page waits while the session loads', () => {
    renderAt('/retrieve', restoring);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('retrieve page')).not.toBeInTheDocument();
  });

  it('an anonymous-only page is shown to a visitor', () => {
    renderAt('/retrieve', anonymousAuthState);
    expect(screen.getByText('retrieve page')).toBeInTheDocument();
  });

  it('an anonymous-only page sends a signed-in customer home', () => {
    renderAt('/retrieve', signedIn);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
