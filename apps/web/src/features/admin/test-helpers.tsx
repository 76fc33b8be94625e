import { expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AuthState } from '../../lib/auth';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import type { StaffPermission } from './permissions';

// Shared by the staff console's page tests: who may open a page, its link on the console, and
// the Unauthorised page (decision 033), the same for every page a permission opens.

/** A signed-in staff member holding these permissions. */
export function staffWith(...permissions: StaffPermission[]): AuthState {
  return { ...signedInAuthState, isAdmin: true, permissions };
}

/** What the Unauthorised page tells a staff member without the page's permission. */
const missingPermission = (permission: StaffPermission) =>
  `Your staff account does not have the ${permission} permission this page needs. ` +
  'Ask whoever manages staff accounts to grant it.';

/**
 * The tests every permission-guarded console page shares: staff only, linked from the console,
 * refused (link hidden, nothing fetched) without the permission, and a 403 from the API shown as
 * the Unauthorised page rather than an error. Call inside the page's describe.
 */
export function staffPageAccessTests(page: {
  path: string;
  permission: StaffPermission;
  /** The console link's text. */
  link: string;
}) {
  const staff = staffWith(page.permission);

  it('is for staff only', async () => {
    renderApp(page.path, { authState: signedInAuthState });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
  });

  it('is linked from the staff console', async () => {
    stubApi(() => jsonResponse(404, {}));
    renderApp('/admin', { authState: staff });
    expect(await screen.findByRole('link', { name: page.link })).toHaveAttribute('href', page.path);
  });

  it(`tells staff without ${page.permission} what they lack, and hides the link`, async () => {
    const fetchMock = stubApi(() => jsonResponse(404, {}));
    const noPermission = staffWith();
    const view = renderApp(page.path, { authState: noPermission });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
    expect(screen.getByText(missingPermission(page.permission))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the staff console' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    view.unmount();
    renderApp('/admin', { authState: noPermission });
    await screen.findByRole('heading', { level: 1, name: 'Staff console' });
    expect(screen.queryByRole('link', { name: page.link })).toBeNull();
  });

  it('shows the Unauthorised page, not an error, when the API answers 403', async () => {
    stubApi(() =>
      jsonResponse(403, {
        error: {
          code: 'FORBIDDEN',
          message: 'You are not authorised to perform this action.',
          requestId: 'r',
          details: { permission: page.permission },
        },
      }),
    );
    renderApp(page.path, { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
    expect(screen.getByText(missingPermission(page.permission))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
}
