import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { buildProposal } from '../../test/proposal-fixture';

describe('product index: the create flow (spec 2 §2)', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refreshes the anonymous session, creates the proposal with tracking, then routes to it', async () => {
    const calls: string[] = [];
    let created: unknown;
    stubApi((url, init) => {
      const path = url.replace(/^.*\/api/, '');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/session') return jsonResponse(200, { accessToken: 'anon-1', expiresIn: 3600 });
      if (path === '/proposals' && init?.method === 'POST') {
        created = JSON.parse(String(init.body));
        return jsonResponse(201, buildProposal({ proposalCode: 'NEW-1' }));
      }
      if (path === '/proposals/NEW-1')
        return jsonResponse(200, buildProposal({ proposalCode: 'NEW-1' }));
      return jsonResponse(404, {});
    });
    // A value saved earlier in the session (landing page) travels too.
    sessionStorage.setItem('motor.tracking', JSON.stringify({ utm_medium: 'email' }));
    const { router } = renderApp('/flex?utm_source=newsletter&utm_campaign=spring&other=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/NEW-1'));
    expect(calls.slice(0, 2)).toEqual(['POST /session', 'POST /proposals']);
    expect(created).toEqual({
      schemeCode: 'bmw-flex',
      brand: 'bmw',
      tracking: { utm_medium: 'email', utm_source: 'newsletter', utm_campaign: 'spring' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your quote' }),
    ).toBeInTheDocument();
  });

  it('offers to try again when the proposal cannot be created', async () => {
    let attempts = 0;
    stubApi((url, init) => {
      const path = url.replace(/^.*\/api/, '');
      if (path === '/session') return jsonResponse(200, { accessToken: 'anon-1', expiresIn: 3600 });
      if (path === '/proposals' && init?.method === 'POST') {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(500, { error: { message: 'Something went wrong on our side.' } })
          : jsonResponse(
              201,
              buildProposal({ proposalCode: 'NEW-2', schemeCode: 'bmw-driveaway' }),
            );
      }
      if (path === '/proposals/NEW-2')
        return jsonResponse(
          200,
          buildProposal({ proposalCode: 'NEW-2', schemeCode: 'bmw-driveaway' }),
        );
      return jsonResponse(404, {});
    });
    const { router } = renderApp('/driveaway');
    expect(
      await screen.findByRole('heading', { name: 'Get a quote for BMW Driveaway' }),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/driveaway/proposal/NEW-2'));
  });

  it('says why a customer who holds a Driveaway policy gets no second one (issue 31 item 8)', async () => {
    const posts: string[] = [];
    stubApi((url, init) => {
      const path = url.replace(/^.*\/api/, '');
      if (path === '/session') return jsonResponse(200, { accessToken: 'anon-1', expiresIn: 3600 });
      if (path === '/proposals' && init?.method === 'POST') {
        posts.push(path);
        return jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message: 'You already have a Driveaway policy: there is one per customer.',
            details: { reason: 'MAX_DRIVEAWAY_POLICIES' },
          },
        });
      }
      return jsonResponse(404, {});
    });
    const { router } = renderApp('/driveaway');
    const why = await screen.findByRole('alert');
    expect(why).toHaveTextContent(
      'You already have a Driveaway policy. There is one Driveaway policy per customer, so we cannot start another Driveaway quote for you.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a BMW Flex quote' })).toHaveAttribute(
      'href',
      '/flex',
    );
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/driveaway');
    expect(posts).toHaveLength(1);
  });

  it('sends a customer with a quote or policy of the product home when the brand allows one (multiQuote off)', async () => {
    stubApi((url, init) => {
      const path = url.replace(/^.*\/api/, '');
      if (path === '/session') return jsonResponse(200, { accessToken: 'anon-1', expiresIn: 3600 });
      if (path === '/proposals' && init?.method === 'POST') {
        return jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message:
              'You already have a quote or a policy for this product: carry on with it from your home page.',
            details: { reason: 'ONE_QUOTE_PER_PRODUCT' },
          },
        });
      }
      return jsonResponse(404, {});
    });
    const { router } = renderApp('/flex');
    const why = await screen.findByRole('alert');
    expect(why).toHaveTextContent(
      'You already have a quote or a policy for this product, so we cannot start another one. Carry on with it from your home page.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/flex');
  });
});
