import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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

  /** A stand-in for the new tab window.open gives (jsdom opens none). */
  function stubNewTab() {
    const tab = { location: { href: '' }, opener: window as unknown, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    return { tab, open };
  }

  it('opens a document in a new tab, opened on the click (issue 31 item 12)', async () => {
    stubApi((url) => {
      const path = url.replace(/^.*\/api/, '');
      if (path === '/policies/pol_1') return jsonResponse(200, buildPolicy());
      return jsonResponse(200, {
        location: 'http://localhost:3000/api/documents/file?token=t',
        expiresAt: '2026-11-25T10:05:00.000Z',
      });
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(vi.fn());
    const { tab, open } = stubNewTab();
    renderApp('/flex/policy/pol_1/documents', { authState: signedInAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'Policy schedule (PDF)' }));
    await waitFor(() =>
      expect(tab.location.href).toBe('http://localhost:3000/api/documents/file?token=t'),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    // This page stays where it is.
    expect(assign).not.toHaveBeenCalled();
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
    // A browser that refuses the new tab: the document opens in this one.
    vi.spyOn(window, 'open').mockReturnValue(null);
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

  it('offers to try again when a document cannot be opened yet (the missing-document modal)', async () => {
    let attempts = 0;
    stubApi((url) => {
      if (url.endsWith('/api/policies/pol_1')) return jsonResponse(200, buildPolicy());
      // The page's other reads (the saved changes) are not the document's attempts.
      if (url.includes('/api/documents/')) attempts += 1;
      return jsonResponse(500, { error: { message: 'Something went wrong on our side.' } });
    });
    const { tab } = stubNewTab();
    renderApp('/flex/policy/pol_1/documents', { authState: signedInAuthState });
    await userEvent.click(await screen.findByRole('button', { name: 'Policy schedule (PDF)' }));
    const dialog = await screen.findByRole('dialog', { name: "This document isn't ready" });
    // The tab opened for it is closed again: the explanation is here.
    expect(tab.close).toHaveBeenCalled();
    expect(dialog).toHaveTextContent(
      'We could not open that document. Please try again, or chat with us using Help.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(attempts).toBe(2));
  });

  it('lists the legal expenses documents only with that cover, and the terms of business', async () => {
    stubApi((url) =>
      url.endsWith('/api/policies/pol_1')
        ? jsonResponse(200, buildPolicy())
        : jsonResponse(404, {}),
    );
    renderApp('/flex/policy/pol_1/documents', { authState: signedInAuthState });
    expect(await screen.findByRole('button', { name: 'Terms of business (PDF)' })).toBeEnabled();
    expect(
      screen.queryByRole('button', { name: 'Legal expenses policy wording (PDF)' }),
    ).toBeNull();
  });

  it('lists an earlier version’s certificate and schedule after a change, each opened by its version', async () => {
    const policy = buildPolicy();
    const earlier = { ...policy.currentPolicyVersion, policyVersionId: 'pv_0' };
    policy.policyVersions = [
      { ...earlier, startedAt: '2026-11-01T09:00:00.000Z' },
      policy.currentPolicyVersion,
    ];
    const asked: string[] = [];
    stubApi((url) => {
      const path = url.replace(/^.*\/api/, '');
      asked.push(path);
      if (path === '/policies/pol_1') return jsonResponse(200, policy);
      return jsonResponse(200, {
        location: 'http://localhost:3000/api/documents/file?token=t',
        expiresAt: '2026-11-25T10:05:00.000Z',
      });
    });
    stubNewTab();
    renderApp('/flex/policy/pol_1/documents', { authState: signedInAuthState });
    await screen.findByRole('heading', { name: 'Before your policy changed' });
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Certificate of motor insurance (PDF), from 1 November 2026',
      }),
    );
    await waitFor(() =>
      expect(asked).toContain('/documents/policy/pol_1/policy-certificate?version=pv_0'),
    );
  });
});
