import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';

const NOT_FOUND_TEXT =
  "The details you entered don't match a saved quote. Check your policy reference, date of birth and postcode, then try again.";

async function fillForm(user: ReturnType<typeof userEvent.setup>, options: { reference?: string }) {
  if (options.reference !== undefined) {
    await user.type(screen.getByLabelText('Policy reference'), options.reference);
  }
  await user.type(screen.getByLabelText('Day'), '27');
  await user.type(screen.getByLabelText('Month'), '03');
  await user.type(screen.getByLabelText('Year'), '1985');
  await user.type(screen.getByLabelText('Postcode'), 'sw1a 1aa');
}

describe('retrieve a saved quote', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('needs reference, date of birth and a UK postcode before it submits; the postcode is upper-cased', async () => {
    stubApi(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    renderApp('/retrieve');
    const submit = await screen.findByRole('button', { name: 'Retrieve my quote' });
    expect(submit).toBeDisabled();

    const postcode = screen.getByLabelText('Postcode');
    await user.type(postcode, 'abc');
    expect(postcode).toHaveValue('ABC');
    expect(postcode).toHaveAccessibleDescription(/Please enter a valid UK postcode/);
    await user.clear(postcode);
    expect(postcode).toHaveAccessibleDescription(/Please enter your postcode/);

    await fillForm(user, { reference: 'bmw-7k3q-9x2m' });
    expect(screen.getByLabelText('Policy reference')).toHaveValue('BMW-7K3Q-9X2M');
    expect(screen.getByLabelText('Postcode')).toHaveValue('SW1A 1AA');
    expect(submit).toBeEnabled();
  });

  it('takes the reference from ?ref= and hides its field', async () => {
    stubApi(() => jsonResponse(500, {}));
    renderApp('/retrieve?ref=BMW-AAAA-BBBB');
    expect(await screen.findByText('Quote reference BMW-AAAA-BBBB')).toBeInTheDocument();
    expect(screen.queryByLabelText('Policy reference')).not.toBeInTheDocument();
  });

  it('shows the 401 text with a sign-in link and an external link when the details are wrong', async () => {
    const fetchMock = stubApi((path) =>
      path === '/api/session/back-book'
        ? jsonResponse(401, { code: 'UNAUTHORIZED', message: 'no match' })
        : jsonResponse(500, {}),
    );
    const user = userEvent.setup();
    renderApp('/retrieve/BMW-AAAA-BBBB');
    await screen.findByText('Quote reference BMW-AAAA-BBBB');
    await fillForm(user, {});
    await user.click(screen.getByRole('button', { name: 'Retrieve my quote' }));

    const dialog = await screen.findByRole('dialog', { name: "We couldn't find your quote" });
    expect(dialog).toHaveTextContent(NOT_FOUND_TEXT);
    expect(dialog).toHaveTextContent(/Chat to us using Help/);
    expect(
      within(dialog).getByRole('link', { name: 'Already bought your policy? Sign in to see it' }),
    ).toHaveAttribute('href', '/sign-in?returnTo=%2F');
    expect(within(dialog).getByRole('link', { name: /BMW car insurance/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as Record<string, string>;
    expect(body).toEqual({
      externalReference: 'BMW-AAAA-BBBB',
      dateOfBirth: '1985-03-27',
      postalCode: 'SW1A 1AA',
      brand: 'bmw',
    });
  });

  it('shows the unknown text for any other failure', async () => {
    stubApi(() => jsonResponse(429, { code: 'RATE_LIMITED' }));
    const user = userEvent.setup();
    renderApp('/retrieve');
    await fillForm(user, { reference: 'BMW-AAAA-BBBB' });
    await user.click(await screen.findByRole('button', { name: 'Retrieve my quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(dialog).toHaveTextContent(/get in touch with us via chat/);
  });

  it('after a retrieve, the anonymous home lists the quote and still offers new quotes', async () => {
    const retrieved = {
      proposalCode: 'prp_1',
      schemeCode: 'bmw-flex',
      status: 'QUOTE',
      startAt: '2026-07-01T00:00:00Z',
      externalReference: 'BMW-AAAA-BBBB',
    };
    stubApi((path) => {
      if (path === '/api/session/back-book') {
        return jsonResponse(200, { accessToken: 'back-book-token', expiresIn: 3600 });
      }
      if (path.startsWith('/api/proposals?') || path === '/api/proposals') {
        return jsonResponse(200, [retrieved]);
      }
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    const { router } = renderApp('/retrieve');
    await fillForm(user, { reference: 'BMW-AAAA-BBBB' });
    await user.click(await screen.findByRole('button', { name: 'Retrieve my quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/prp_1'));

    await act(() => router.navigate('/'));
    const quotes = await screen.findByRole('region', { name: 'Your quotes' });
    expect(quotes).toHaveTextContent('Reference BMW-AAAA-BBBB');
    const start = screen.getByRole('region', { name: 'Get another quote' });
    expect(within(start).getByRole('link', { name: 'Get a BMW Flex quote' })).toHaveAttribute(
      'href',
      '/flex',
    );
    expect(within(start).getByRole('link', { name: 'Get a BMW Driveaway quote' })).toHaveAttribute(
      'href',
      '/driveaway',
    );
  });

  it('opens the retrieved proposal with the back-book session, sending the session tracking', async () => {
    sessionStorage.setItem('motor.tracking', JSON.stringify({ utm_source: 'reminder-email' }));
    const fetchMock = stubApi((path) => {
      if (path === '/api/proposals/prp_1/tracking') return jsonResponse(200, {});
      if (path === '/api/session/back-book') {
        return jsonResponse(200, { accessToken: 'back-book-token', expiresIn: 3600 });
      }
      if (path === '/api/proposals?externalReference=BMW-AAAA-BBBB') {
        return jsonResponse(200, [
          { proposalCode: 'prp_1', schemeCode: 'bmw-flex', status: 'QUOTE' },
        ]);
      }
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    const { router } = renderApp('/retrieve');
    await fillForm(user, { reference: 'BMW-AAAA-BBBB' });
    await user.click(await screen.findByRole('button', { name: 'Retrieve my quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/prp_1'));
    const listCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/proposals?'));
    expect(new Headers(listCall![1]!.headers).get('authorization')).toBe('Bearer back-book-token');
    const trackingCall = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/tracking'),
    );
    expect(JSON.parse(String(trackingCall![1]!.body))).toEqual({ utm_source: 'reminder-email' });
  });

  // Issue 13 item 14: a quote already bought does not land silently on home.
  it('says a bought quote is a policy now, and links to it', async () => {
    stubApi((path) => {
      if (path === '/api/proposals/prp_2/tracking') return jsonResponse(200, {});
      if (path === '/api/session/back-book') {
        return jsonResponse(200, { accessToken: 'back-book-token', expiresIn: 3600 });
      }
      if (path === '/api/proposals?externalReference=BMW-CCCC-DDDD') {
        return jsonResponse(200, [
          {
            proposalCode: 'prp_2',
            schemeCode: 'bmw-flex',
            status: 'POLICY',
            policyId: 'pol_9',
            policyNumber: 'BMW-FLX-000009',
          },
        ]);
      }
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    const { router } = renderApp('/retrieve');
    await fillForm(user, { reference: 'BMW-CCCC-DDDD' });
    await user.click(await screen.findByRole('button', { name: 'Retrieve my quote' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('This quote has already been bought');
    expect(notice).toHaveTextContent('It is now policy BMW-FLX-000009.');
    expect(screen.getByRole('link', { name: 'Sign in to see your policy' })).toHaveAttribute(
      'href',
      '/flex/policy/pol_9',
    );
    expect(router.state.location.pathname).toBe('/retrieve');
  });
});
