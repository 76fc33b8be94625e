import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type { ClaimResponse, PolicyResponse } from '@motor/contract';
import { brandFeatures } from '../../lib/brand';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { TestApp } from '../../test/render-app';
import { ClaimsTab, formatClaimDate } from './claims-tab';

// The claims tab in isolation (spec 3 §2 "Claims tab", §4 online claim, issue 14 item 5).

const CLAIMS: ClaimResponse[] = [
  {
    claimReference: 'CLM-00000002',
    claimType: 'Accident',
    status: 'PENDING',
    insuredName: 'Jane Smith',
    occurredDate: '2026-03-01',
  },
  {
    claimReference: 'CLM-00000001',
    claimType: 'Windscreen',
    status: 'SETTLED',
    insuredName: 'Jane Smith',
    occurredDate: '2025-12-09',
  },
];

function renderTab(policy: PolicyResponse = buildPolicy(), path = '/flex/policy/pol_1/claims') {
  const router = createMemoryRouter(
    [{ path: '/flex/policy/:id/claims', element: <ClaimsTab policy={policy} /> }],
    { initialEntries: [path] },
  );
  return render(<TestApp router={router} authState={signedInAuthState} />);
}

function stubClaims(claims: ClaimResponse[], fnol?: (body: unknown) => Response) {
  return stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    if (path === '/claims?policyNumber=BMW-FLX-000123') return jsonResponse(200, claims);
    if (path === '/fnol/link' && init?.method === 'POST' && fnol) {
      return fnol(JSON.parse(String(init.body)));
    }
    return jsonResponse(404, {});
  });
}

describe('claims tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    brandFeatures.axitechFnol = true;
  });

  it('lists each claim with its type, status, insured, date and reference', async () => {
    stubClaims(CLAIMS);
    renderTab();
    const list = await screen.findByRole('list', { name: 'Claims on policy BMW-FLX-000123' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Accident' })).toBeInTheDocument();
    expect(first.getByText('Pending')).toBeInTheDocument();
    expect(first.getByText('Jane Smith')).toBeInTheDocument();
    expect(first.getByText('01 Mar 2026')).toBeInTheDocument();
    expect(first.getByText('CLM-00000002')).toBeInTheDocument();
    const second = within(items[1]!);
    expect(second.getByRole('heading', { name: 'Windscreen' })).toBeInTheDocument();
    expect(second.getByText('Settled')).toBeInTheDocument();
    expect(second.getByText('09 Dec 2025')).toBeInTheDocument();
  });

  it('says so when the policy has no claims', async () => {
    stubClaims([]);
    renderTab();
    expect(await screen.findByText('There are no claims on this policy.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Claims on policy/ })).not.toBeInTheDocument();
  });

  it('shows the brand’s claims line, e-mail and FAQ in the sidebar', async () => {
    stubClaims([]);
    renderTab();
    const sidebar = await screen.findByRole('complementary', { name: 'Need to make a claim?' });
    expect(within(sidebar).getByRole('link', { name: '0800 000 0000' })).toHaveAttribute(
      'href',
      'tel:08000000000',
    );
    expect(
      within(sidebar).getByRole('link', { name: 'claims@bmw-insurance.example' }),
    ).toHaveAttribute('href', 'mailto:claims@bmw-insurance.example');
    expect(
      within(sidebar).getByRole('link', { name: 'Claims questions and answers' }),
    ).toHaveAttribute('href', '/content/static/claims-faq.html');
  });

  it('offers the proof of no claims once cover has ended, and opens it', async () => {
    stubApi((url) => {
      const path = url.replace(/^.*\/api/, '');
      if (path.startsWith('/claims?')) return jsonResponse(200, []);
      if (path === '/documents/policy/pol_1/no-claims-letter') {
        return jsonResponse(200, {
          location: 'http://localhost:3000/api/documents/file?token=n',
          expiresAt: '2027-01-20T10:05:00.000Z',
        });
      }
      return jsonResponse(404, {});
    });
    // Opened in a new tab, like every document (issue 31 item 12).
    const tab = { location: { href: '' }, opener: null, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderTab(buildPolicy({ policyDetail: { policyStatus: 'LAPSED' } }));
    const card = await screen.findByRole('region', { name: 'Proof of no claims' });
    await userEvent.click(within(card).getByRole('button', { name: 'Proof of no claims (PDF)' }));
    await waitFor(() =>
      expect(tab.location.href).toBe('http://localhost:3000/api/documents/file?token=n'),
    );
  });

  it('offers no proof of no claims while the policy is in force', async () => {
    stubClaims([]);
    renderTab();
    await screen.findByRole('complementary', { name: 'Need to make a claim?' });
    expect(screen.queryByRole('region', { name: 'Proof of no claims' })).toBeNull();
  });

  it('starts an online claim for an ACTIVE policy and goes to the claim page', async () => {
    const sent: unknown[] = [];
    stubClaims([], (body) => {
      sent.push(body);
      return jsonResponse(200, { url: '/sandbox/fnol/fnol_sandbox_abc' });
    });
    const assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Make a claim online' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/fnol/fnol_sandbox_abc'));
    expect(sent).toEqual([
      {
        policyId: 'pol_1',
        callbackUrl: window.location.pathname,
        privacyPolicyUrl: '/content/static/privacy.html',
        telephone: '0800 000 0000',
        email: 'claims@bmw-insurance.example',
      },
    ]);
  });

  it('offers no online claim for a policy that is not ACTIVE, or when the brand has it off', async () => {
    stubClaims([]);
    const { unmount } = renderTab(buildPolicy({ policyDetail: { policyStatus: 'CANCELLED' } }));
    expect(await screen.findByText('There are no claims on this policy.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a claim online' })).not.toBeInTheDocument();
    unmount();

    brandFeatures.axitechFnol = false;
    renderTab();
    expect(await screen.findByText('There are no claims on this policy.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a claim online' })).not.toBeInTheDocument();
  });

  it('says so when the online claim is refused', async () => {
    stubClaims([], () =>
      jsonResponse(409, { error: { code: 'CONFLICT', message: 'No.', requestId: 'r' } }),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Make a claim online' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Online claims are not available for this policy right now.',
    );
  });

  it('thanks the customer back from the claim page with the claim reference', async () => {
    stubClaims(CLAIMS);
    renderTab(buildPolicy(), '/flex/policy/pol_1/claims?claimReference=CLM-00000002');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you. We have your claim CLM-00000002',
    );
  });

  it('offers a retry when the claims cannot be loaded', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'x', requestId: 'r' } })
        : jsonResponse(200, CLAIMS),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your claims.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('list', { name: 'Claims on policy BMW-FLX-000123' }),
    ).toBeInTheDocument();
  });

  it('formats claim dates as dd MMM yyyy', () => {
    expect(formatClaimDate('2026-09-05')).toBe('05 Sep 2026');
    expect(formatClaimDate('not a date')).toBe('not a date');
  });
});
