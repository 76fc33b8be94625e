import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthState } from '../../lib/auth';
import { IMPERSONATE_KEY } from '../../lib/auth/impersonation';
import { landingAfterSignIn } from '../../lib/paths';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';

// Issue 18 items 1 and 2: the staff console (search, a customer, acting for them) and the audit
// trail viewer, through the real route table.

const staff: AuthState = {
  ...signedInAuthState,
  isAdmin: true,
  permissions: ['access:impersonate', 'access:audit'],
};

const AUDIT_ENTRY = {
  id: 'a-1',
  at: '2026-03-02T10:00:00.000Z',
  action: 'care.view-customer',
  target: 'user:u-7',
  actorUserId: 'staff-1',
  actorName: 'Ann Lee',
  actorEmail: 'ann@example.com',
  subjectUserId: 'u-7',
  subjectName: 'Jane Smith',
  subjectEmail: 'jane@example.com',
};

const CUSTOMER = {
  userId: 'u-7',
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.com',
  phone: '+447700900123',
  createdAt: '2026-01-10T09:00:00.000Z',
  isDisabled: false,
  proposals: [
    {
      externalReference: 'Q-ABC123',
      schemeCode: 'bmw-flex',
      status: 'POLICY',
      createdAt: '2026-01-10T09:00:00.000Z',
    },
  ],
  policies: [
    {
      policyId: 'pol_1',
      policyNumber: 'BMW-FLX-000123',
      schemeCode: 'bmw-flex',
      status: 'ACTIVE',
      inceptedAt: '2026-01-11T00:00:00.000Z',
      expiredAt: '2026-02-11T00:00:00.000Z',
    },
  ],
  payments: [
    {
      kind: 'CARD_CHECKOUT',
      amountPence: 12345,
      status: 'COMPLETED',
      createdAt: '2026-01-10T09:05:00.000Z',
    },
  ],
  audit: [AUDIT_ENTRY],
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the staff console', () => {
  it('is for staff only', async () => {
    const customer = renderApp('/admin', { authState: signedInAuthState });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
    customer.unmount();
    renderApp('/admin/audit', { authState: { ...staff, permissions: ['access:impersonate'] } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
  });

  it('finds customers and lists name, e-mail and policy numbers as links', async () => {
    const fetchMock = stubApi((path) =>
      path.includes('/api/admin/customers?q=')
        ? jsonResponse(200, {
            results: [
              {
                userId: 'u-7',
                name: 'Jane Smith',
                email: 'jane@example.com',
                phone: null,
                policyNumbers: ['BMW-FLX-000123'],
                matchedFields: ['registration'],
              },
            ],
          })
        : jsonResponse(404, {}),
    );
    const { router } = renderApp('/admin', { authState: staff });
    const box = await screen.findByRole('searchbox', { name: 'Find a customer' });
    await userEvent.type(box, 'bm24 x{Enter}');
    await screen.findByText('1 customer found.');
    const results = screen.getByRole('region', { name: 'Customers found' });
    expect(within(results).getByText(/jane@example.com/)).toBeInTheDocument();
    expect(within(results).getByText(/Policies: BMW-FLX-000123/)).toBeInTheDocument();
    expect(screen.getByText('1 customer found.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/admin/customers?q=bm24%20x');
    expect(router.state.location.search).toBe('?q=bm24+x');
    // Keyboard: the result is a link reached by Tab and opened by Enter.
    const link = within(results).getByRole('link', { name: 'Jane Smith' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers/u-7'));
  });

  it('says when nothing matches and does not search fewer than 2 characters', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { results: [] }));
    renderApp('/admin', { authState: staff });
    const box = await screen.findByRole('searchbox', { name: 'Find a customer' });
    await userEvent.type(box, 'a{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(box, 'zz{Enter}');
    expect(await screen.findByText('No customer matches “azz”.')).toBeInTheDocument();
  });

  it('links the audit trail for staff with access:audit', async () => {
    renderApp('/admin', { authState: staff });
    expect(await screen.findByRole('link', { name: 'Audit trail' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
  });

  it('offers only what the staff member’s permissions open', async () => {
    const fetchMock = stubApi(() => jsonResponse(404, {}));
    const none = renderApp('/admin', { authState: { ...staff, permissions: [] } });
    expect(
      await screen.findByText(
        'Your staff account has no permissions yet: ask whoever manages staff accounts to ' +
          'grant the ones your work needs.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Other tools' })).toBeNull();
    none.unmount();

    renderApp('/admin', { authState: { ...staff, permissions: ['access:operations'] } });
    const tools = await screen.findByRole('navigation', { name: 'Other tools' });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Scheduled jobs',
      'Refunds that could not be sent',
      'Reconciliation',
      'Motor Insurance Database',
      'Finance',
      'Errors',
      'Quote funnel',
    ]);
    expect(
      screen.getByText(
        'Finding customers needs the access:impersonate permission, which your staff account ' +
          'does not have.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the search is refused (403), not that it failed', async () => {
    stubApi(() =>
      jsonResponse(403, {
        error: {
          code: 'FORBIDDEN',
          message: 'You are not authorised to perform this action.',
          requestId: 'r',
          details: { permission: 'access:impersonate' },
        },
      }),
    );
    renderApp('/admin?q=smith', { authState: staff });
    expect(
      await screen.findByText(
        'Finding customers needs the access:impersonate permission, which your staff account ' +
          'does not have.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('We could not search just now. Please try again.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends /admin?impersonate= to the act-for page', async () => {
    const { router } = renderApp('/admin?impersonate=u-42', { authState: staff });
    expect(await screen.findByLabelText('Customer user id')).toHaveValue('u-42');
    expect(router.state.location.pathname).toBe('/admin/impersonate');
  });
});

describe('a customer in the console', () => {
  it('shows contact details, policies, quotes, payments and staff activity', async () => {
    stubApi((path) =>
      path.endsWith('/api/admin/customers/u-7')
        ? jsonResponse(200, CUSTOMER)
        : jsonResponse(404, {}),
    );
    renderApp('/admin/customers/u-7', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jane Smith' }),
    ).toBeInTheDocument();
    for (const name of ['Contact details', 'Policies', 'Quotes', 'Payments']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText('+447700900123')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'BMW-FLX-000123' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Q-ABC123' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '£123.45' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ann Lee (ann@example.com)' })).toBeInTheDocument();
  });

  it('acts for the customer through the impersonation mechanism', async () => {
    const assign = vi.fn();
    stubApi(() => jsonResponse(200, CUSTOMER));
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/admin/customers/u-7', { authState: staff });
    await userEvent.click(await screen.findByRole('button', { name: 'Act for this customer' }));
    expect(window.sessionStorage.getItem(IMPERSONATE_KEY)).toBe('u-7');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('shows nothing of the customer without access:impersonate; an unknown one is said so', async () => {
    const fetchMock = stubApi(() =>
      jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'x', requestId: 'r' } }),
    );
    const refused = renderApp('/admin/customers/u-7', {
      authState: { ...staff, permissions: ['access:audit'] },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your staff account does not have the access:impersonate permission this page needs. ' +
          'Ask whoever manages staff accounts to grant it.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    refused.unmount();
    renderApp('/admin/customers/nobody', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that customer.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Act for this customer' })).toBeNull();
  });

  it('shows the Unauthorised page when the API refuses the customer (403)', async () => {
    stubApi(() =>
      jsonResponse(403, {
        error: { code: 'FORBIDDEN', message: 'x', requestId: 'r' },
      }),
    );
    renderApp('/admin/customers/u-7', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('We could not load this customer just now. Please try again.'),
    ).toBeNull();
  });
});

describe('the audit trail viewer', () => {
  it('lists entries and filters by customer and staff member', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { entries: [AUDIT_ENTRY] }));
    const { router } = renderApp('/admin/audit', { authState: staff });
    expect(
      await screen.findByRole('cell', { name: 'Jane Smith (jane@example.com)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'care.view-customer' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Customer (user id or e-mail)'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Staff member (user id or e-mail)'), 'staff-1');
    await userEvent.click(screen.getByRole('button', { name: 'Show entries' }));
    await waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)![0])).toContain(
        'customer=jane%40example.com&staff=staff-1',
      ),
    );
    expect(router.state.location.search).toBe('?customer=jane%40example.com&staff=staff-1');
  });
});

describe('landing after sign-in', () => {
  it('sends staff from home to the console, everyone else where they were going', () => {
    expect(landingAfterSignIn('/', true)).toBe('/admin');
    expect(landingAfterSignIn('/flex/policy/p1', true)).toBe('/flex/policy/p1');
    expect(landingAfterSignIn('/', false)).toBe('/');
  });
});
