import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { anonymousAuthState, type AuthState } from '../../lib/auth';
import { IMPERSONATE_KEY } from '../../lib/auth/impersonation';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { TestApp } from '../../test/render-app';
import { ImpersonatePage } from './impersonate-page';

function renderAt(path: string, authState: AuthState) {
  const router = createMemoryRouter([{ path: '/admin', element: <ImpersonatePage /> }], {
    initialEntries: [path],
  });
  return render(<TestApp router={router} authState={authState} />);
}

describe('admin screens', () => {
  it('shows Unauthorised with a Sign in button when nobody is signed in', async () => {
    const signIn = vi.fn();
    renderAt('/admin?impersonate=u-9', { ...anonymousAuthState, signIn });
    expect(screen.getByRole('heading', { name: 'Unauthorised' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('/admin?impersonate=u-9');
  });

  it('shows Unauthorised without Sign in for a signed-in user lacking access:impersonate', () => {
    renderAt('/admin', {
      ...anonymousAuthState,
      isAuthenticated: true,
      isAdmin: true,
      permissions: [],
      signIn: vi.fn(),
    });
    expect(screen.getByRole('heading', { name: 'Unauthorised' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('takes the user id from ?impersonate= and keeps it for the tab', async () => {
    stubApi((path) =>
      path.endsWith('/api/admin/customers/u-42')
        ? jsonResponse(200, { userId: 'u-42' })
        : jsonResponse(404, {}),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/admin?impersonate=u-42', {
      ...anonymousAuthState,
      isAuthenticated: true,
      isAdmin: true,
      permissions: ['access:impersonate'],
    });
    expect(screen.getByLabelText('Customer user id')).toHaveValue('u-42');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(window.sessionStorage.getItem(IMPERSONATE_KEY)).toBe('u-42');
    vi.unstubAllGlobals();
  });

  it('refuses an unknown customer with a message and keeps nothing (issue 18)', async () => {
    window.sessionStorage.clear();
    stubApi(() =>
      jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'x', requestId: 'r' } }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/admin?impersonate=nobody', {
      ...anonymousAuthState,
      isAuthenticated: true,
      isAdmin: true,
      permissions: ['access:impersonate'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('We could not find a customer with that user id.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Customer user id')).toHaveAttribute('aria-invalid', 'true');
    expect(window.sessionStorage.getItem(IMPERSONATE_KEY)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
