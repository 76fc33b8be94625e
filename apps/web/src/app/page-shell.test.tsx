import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInAuthState, stubApi } from '../test/api-stubs';
import { renderApp } from '../test/render-app';

// The header's account menu is the initials avatar (spec 1 §1), named for screen readers by the
// customer's name; the name beside it shows from 768 px only (CSS), so 375 px keeps one line.
describe('page shell: account menu', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the initials avatar in the account menu, labelled with the name', async () => {
    stubApi(() => jsonResponse(200, []));
    renderApp('/', { authState: signedInAuthState });
    const menu = await screen.findByLabelText('Account menu for Jo Bloggs');
    const avatar = within(menu).getByRole('img', { name: 'Jo Bloggs' });
    expect(avatar).toHaveTextContent('JB');
  });

  it('shows a question mark when the name is missing', async () => {
    stubApi(() => jsonResponse(200, []));
    const user = { userId: 'u-2', username: 'sam@example.com' };
    renderApp('/', { authState: { ...signedInAuthState, user } });
    const menu = await screen.findByLabelText('Account menu for sam@example.com');
    expect(within(menu).getByRole('img')).toHaveTextContent('?');
  });

  it("takes the account's name when the sign-in token has none (signed up with a code, then bought)", async () => {
    stubApi((path) =>
      path.endsWith('/api/policyholder')
        ? jsonResponse(200, {
            userId: 'u-2',
            connection: 'email',
            username: 'sam@example.com',
            email: 'sam@example.com',
            phoneNumber: null,
            firstName: 'Sam',
            lastName: 'Reed',
            marketingPreferences: { email: false, phone: false, sms: false },
          })
        : jsonResponse(200, []),
    );
    const user = { userId: 'u-2', username: 'sam@example.com' };
    renderApp('/', { authState: { ...signedInAuthState, user } });
    const menu = await screen.findByLabelText('Account menu for Sam Reed');
    expect(within(menu).getByRole('img', { name: 'Sam Reed' })).toHaveTextContent('SR');
  });
});
