import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { anonymousAuthState, type AuthState } from '../../lib/auth';
import { IMPERSONATE_KEY } from '../../lib/auth/impersonation';
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
    expect(window.sessionStorage.getItem(IMPERSONATE_KEY)).toBe('u-42');
    expect(assign).toHaveBeenCalledWith('/');
    vi.unstubAllGlobals();
  });
});
