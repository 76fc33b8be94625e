import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getImpersonatedUserId, setImpersonatedUserId } from '../lib/auth/impersonation';
import { jsonResponse, signedInAuthState, stubApi } from '../test/api-stubs';
import { renderApp } from '../test/render-app';

const admin = {
  ...signedInAuthState,
  isAdmin: true,
  permissions: ['access:impersonate'],
  user: {
    userId: 'admin-1',
    username: 'admin@example.com',
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
  },
};

const customer = {
  userId: 'u-42',
  connection: 'email',
  username: 'sam@example.com',
  email: 'sam@example.com',
  phoneNumber: null,
  firstName: 'Sam',
  lastName: 'Smith',
  marketingPreferences: { email: false, phone: false, sms: false },
};

describe('admin bar', () => {
  afterEach(() => {
    setImpersonatedUserId(null);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("names the impersonated customer from GET /api/policyholder, not the admin's own", async () => {
    setImpersonatedUserId('u-42');
    const fetchMock = stubApi((path) =>
      path === '/api/policyholder' ? jsonResponse(200, customer) : jsonResponse(200, []),
    );
    renderApp('/', { authState: admin });
    const bar = screen.getByRole('region', { name: 'Admin view' });
    expect(
      await within(bar).findByText('Acting for Sam Smith (sam@example.com)'),
    ).toBeInTheDocument();
    expect(within(bar).queryByText(/Ada Admin/)).toBeNull();
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/policyholder');
    expect(call?.[1]?.headers).toMatchObject({ 'X-Impersonate-User': 'u-42' });
  });

  it('shows only "Admin view" until a customer is chosen', () => {
    const fetchMock = stubApi(() => jsonResponse(200, []));
    renderApp('/', { authState: admin });
    const bar = screen.getByRole('region', { name: 'Admin view' });
    expect(bar).toHaveTextContent(/^Admin view$/);
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/policyholder')).toBe(
      false,
    );
  });

  it('is not shown to a customer', () => {
    stubApi(() => jsonResponse(200, []));
    renderApp('/', { authState: signedInAuthState });
    expect(screen.queryByRole('region', { name: 'Admin view' })).toBeNull();
  });

  it('stops acting: tells the API (audited), forgets the customer and opens the console', async () => {
    setImpersonatedUserId('u-42');
    const actingWhileStopping: (string | null)[] = [];
    const fetchMock = stubApi((path, init) => {
      if (path === '/api/policyholder') return jsonResponse(200, customer);
      if (path === '/api/session/impersonation' && init?.method === 'DELETE') {
        // Forgotten before the stop is sent: no request after it acts for the customer again.
        actingWhileStopping.push(getImpersonatedUserId());
        return new Response(null, { status: 204 });
      }
      return jsonResponse(200, []);
    });
    const assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    renderApp('/', { authState: admin });
    const bar = screen.getByRole('region', { name: 'Admin view' });
    await userEvent.click(await within(bar).findByRole('button', { name: 'Stop acting' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin'));
    const stop = fetchMock.mock.calls.find(
      ([input, init]) =>
        String(input) === '/api/session/impersonation' && init?.method === 'DELETE',
    );
    expect(stop?.[1]?.headers).toMatchObject({ 'X-Impersonate-User': 'u-42' });
    expect(actingWhileStopping).toEqual([null]);
    expect(getImpersonatedUserId()).toBeNull();
  });
});
