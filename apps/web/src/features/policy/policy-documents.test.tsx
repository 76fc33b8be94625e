import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { renderApp } from '../../test/render-app';

// The policy's documents tab (spec 3 §2; issue 13 item 4): it lists them and opens each through
// a signed link.
describe('policy page: documents', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the policy documents and opens one through a fresh signed link', async () => {
    const asked: string[] = [];
    stubApi((url) => {
      const path = url.replace(/^.*\/api/, '');
      asked.push(path);
      if (path === '/policies/pol_1') return jsonResponse(200, buildPolicy());
      if (path === '/documents/policy/pol_1/policy-certificate') {
        return jsonResponse(200, {
          location: 'http://localhost:3000/api/documents/file?token=t',
          expiresAt: '2026-11-25T10:05:00.000Z',
        });
      }
      return jsonResponse(404, {});
    });
    const assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    renderApp('/flex/policy/pol_1/documents', { authState: signedInAuthState });
    expect(await screen.findByRole('heading', { name: 'Your documents' })).toBeInTheDocument();
    for (const name of [
      'Certificate of motor insurance (PDF)',
      'Policy schedule (PDF)',
      'Insurance Product Information Document (PDF)',
      'Policy wording (PDF)',
    ]) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    await userEvent.click(
      screen.getByRole('button', { name: 'Certificate of motor insurance (PDF)' }),
    );
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/api/documents/file?token=t'),
    );
    expect(asked).toContain('/documents/policy/pol_1/policy-certificate');
  });

  it('says so when a document cannot be opened', async () => {
    stubApi((url) =>
      url.endsWith('/api/policies/pol_1')
        ? jsonResponse(200, buildPolicy())
        : jsonResponse(500, { error: { message: 'Something went wrong on our side.' } }),
    );
    renderApp('/flex/policy/pol_1/documents', { authState: signedInAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'Policy schedule (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not open that document. Please try again, or chat with us using Help.',
    );
  });
});
