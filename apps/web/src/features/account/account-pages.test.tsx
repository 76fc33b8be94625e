import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';

const policyholder = {
  userId: 'u-1',
  connection: 'email',
  username: 'jo@example.com',
  email: 'jo@example.com',
  phoneNumber: '+447700900123',
  firstName: 'Jo',
  lastName: 'Bloggs',
  marketingPreferences: { email: true, phone: false, sms: false },
};

function stubPolicyholder(patch?: (body: unknown) => Response) {
  return stubApi((path, init) => {
    if (path !== '/api/policyholder') return jsonResponse(200, []);
    if (init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Partial<typeof policyholder>;
      return (
        patch?.(body) ??
        jsonResponse(200, {
          ...policyholder,
          ...body,
          marketingPreferences: {
            ...policyholder.marketingPreferences,
            ...body.marketingPreferences,
          },
        })
      );
    }
    return jsonResponse(200, policyholder);
  });
}

const patchBodies = (fetchMock: ReturnType<typeof stubPolicyholder>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('account settings (spec 3 §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the settings, each linking to its sub-page', async () => {
    stubPolicyholder();
    renderApp('/account', { authState: signedInAuthState });
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'E-mail address' })).toHaveAttribute(
      'href',
      '/account/email',
    );
    expect(screen.getByRole('link', { name: 'Phone number' })).toHaveAttribute(
      'href',
      '/account/phone-number',
    );
    expect(screen.getByRole('link', { name: 'Marketing preferences' })).toHaveAttribute(
      'href',
      '/account/marketing-preferences',
    );
  });

  it('downloads the data export as a JSON file from the settings list', async () => {
    const exported = { format: 'motor-insurance-customer-data', userId: 'u-1', proposals: [] };
    const fetchMock = stubApi((path) =>
      path === '/api/policyholder/data-export'
        ? jsonResponse(200, exported)
        : jsonResponse(200, policyholder),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:my-data');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderApp('/account', { authState: signedInAuthState });
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([path]) => path)).toContain('/api/policyholder/data-export');
    expect(clicked).toEqual([
      {
        href: 'blob:my-data',
        download: expect.stringMatching(/^my-data-\d{4}-\d{2}-\d{2}\.json$/),
      },
    ]);
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual(exported);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:my-data');
    for (const spy of [click, createObjectURL, revokeObjectURL]) spy.mockRestore();
  });

  it('changes the e-mail with PATCH {email} only, with an up-button to /account', async () => {
    const fetchMock = stubPolicyholder();
    renderApp('/account/email', { authState: signedInAuthState });
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/account');
    const input = await screen.findByLabelText('E-mail address');
    expect(input).toHaveValue('jo@example.com');
    await userEvent.clear(input);
    await userEvent.type(input, 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Said in a snackbar (a polite status), which the customer may dismiss before it goes.
    const snackbar = await screen.findByRole('status');
    expect(snackbar).toHaveTextContent('Your changes have been saved.');
    expect(patchBodies(fetchMock)).toEqual([{ email: 'new@example.com' }]);
    await userEvent.click(within(snackbar).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your changes have been saved.')).toBeNull();
  });

  it('refuses a malformed e-mail and sends nothing', async () => {
    const fetchMock = stubPolicyholder();
    renderApp('/account/email', { authState: signedInAuthState });
    const input = await screen.findByLabelText('E-mail address');
    await userEvent.clear(input);
    await userEvent.type(input, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/correct format/)).toBeInTheDocument();
    expect(patchBodies(fetchMock)).toEqual([]);
  });

  it('shows an e-mail used by another account inline (409)', async () => {
    stubPolicyholder(() => jsonResponse(409, { message: 'conflict' }));
    renderApp('/account/email', { authState: signedInAuthState });
    const input = await screen.findByLabelText('E-mail address');
    await userEvent.clear(input);
    await userEvent.type(input, 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('That e-mail address is used by another account.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the phone number read-only, with no form', async () => {
    stubPolicyholder();
    renderApp('/account/phone-number', { authState: signedInAuthState });
    expect(await screen.findByText('+447700900123')).toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/account');
  });

  it('sends only the changed marketing channels', async () => {
    const fetchMock = stubPolicyholder();
    renderApp('/account/marketing-preferences', { authState: signedInAuthState });
    const email = await screen.findByRole('checkbox', { name: 'E-mail' });
    expect(email).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Phone' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Text message (SMS)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(patchBodies(fetchMock)).toEqual([{ marketingPreferences: { sms: true } }]);
  });

  it('sends nothing when nothing changed', async () => {
    const fetchMock = stubPolicyholder();
    renderApp('/account/marketing-preferences', { authState: signedInAuthState });
    await screen.findByRole('checkbox', { name: 'E-mail' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByText('Your changes have been saved.')).toBeInTheDocument(),
    );
    expect(patchBodies(fetchMock)).toEqual([]);
  });

  it('sends an unknown setting home', async () => {
    stubPolicyholder();
    const { router } = renderApp('/account/nope', { authState: signedInAuthState });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
