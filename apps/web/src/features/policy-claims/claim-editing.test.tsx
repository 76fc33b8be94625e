import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type { ClaimResponse } from '@motor/contract';
import type { AuthState } from '../../lib/auth';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { TestApp } from '../../test/render-app';
import { ClaimsTab } from './claims-tab';

// Staff with action:mta-claims add and correct claims in the claims tab (spec 3 §6 "Claims edit
// on policies": read-only, needs permission action:mta-claims; issue 14 item 5).

const CLAIM: ClaimResponse = {
  claimReference: 'CLM-00000002',
  claimType: 'Accident',
  status: 'PENDING',
  insuredName: 'Jane Smith',
  occurredDate: '2026-03-01',
};

const staff = (permissions: string[]): AuthState => ({
  ...signedInAuthState,
  isAdmin: true,
  user: { userId: 'staff-1', username: 'agent@example.com' },
  permissions,
});
const staffWhoEditClaims = staff(['access:impersonate', 'action:mta-claims']);

type Sent = { method: string; path: string; body: unknown };

/** The claims list (one claim, then whatever `after` says once saved) and the save calls. */
function stubClaimsApi(save: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  let claims = [CLAIM];
  const fetchMock = stubApi((url, init) => {
    const path = url.replace(/^.*\/api/, '');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/claims?policyNumber=BMW-FLX-000123') {
      return jsonResponse(200, claims);
    }
    const entry = { method, path, body: JSON.parse(String(init?.body ?? 'null')) as unknown };
    sent.push(entry);
    const response = save(entry);
    if (response.ok) {
      void response
        .clone()
        .json()
        .then((saved: ClaimResponse) => {
          claims = [saved, ...claims.filter((c) => c.claimReference !== saved.claimReference)];
        });
    }
    return response;
  });
  const listCalls = () =>
    fetchMock.mock.calls.filter(
      ([input, init]) => String(input).includes('/claims?') && (init?.method ?? 'GET') === 'GET',
    ).length;
  return { sent, listCalls };
}

function renderTab(authState: AuthState) {
  const router = createMemoryRouter(
    [{ path: '/flex/policy/:id/claims', element: <ClaimsTab policy={buildPolicy()} /> }],
    { initialEntries: ['/flex/policy/pol_1/claims'] },
  );
  return render(<TestApp router={router} authState={authState} />);
}

const claimsList = () => screen.findByRole('list', { name: 'Claims on policy BMW-FLX-000123' });

describe('claims tab: adding and correcting claims', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is read-only for the customer and for staff without action:mta-claims', async () => {
    stubClaimsApi(() => jsonResponse(500, {}));
    const { unmount } = renderTab(signedInAuthState);
    expect(within(await claimsList()).getByText('CLM-00000002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a claim' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Correct/ })).not.toBeInTheDocument();
    unmount();

    renderTab(staff(['access:impersonate']));
    expect(within(await claimsList()).getByText('CLM-00000002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a claim' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Correct/ })).not.toBeInTheDocument();
  });

  it('offers staff with the permission to add a claim and to correct each one', async () => {
    stubClaimsApi(() => jsonResponse(500, {}));
    renderTab(staffWhoEditClaims);
    const list = await claimsList();
    expect(screen.getByRole('button', { name: 'Add a claim' })).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: 'Correct claim CLM-00000002' }),
    ).toHaveTextContent('Correct');
  });

  it(
    'names every missing answer by its field, then adds the claim and lists it',
    { timeout: 20_000 },
    async () => {
      const { sent, listCalls } = stubClaimsApi(({ body }) =>
        jsonResponse(201, { claimReference: 'CLM-00000003', ...(body as object) }),
      );
      renderTab(staffWhoEditClaims);
      await claimsList();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Add a claim' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a claim' });
      const form = within(dialog);
      // The policyholder's name to start with.
      const insured = form.getByRole('textbox', { name: 'Insured' });
      expect(insured).toHaveValue('Jane Smith');
      await user.clear(insured);

      await user.click(form.getByRole('button', { name: 'Add claim' }));
      const type = form.getByRole('combobox', { name: 'Type of claim' });
      expect(type).toHaveAttribute('aria-invalid', 'true');
      expect(type).toHaveAccessibleDescription('Error: Choose the type of claim');
      expect(type).toHaveFocus();
      expect(form.getByRole('group', { name: 'Status' })).toHaveAccessibleDescription(
        'Error: Choose the status of the claim',
      );
      expect(insured).toHaveAccessibleDescription(
        'The person the claim is under, as on the policy. Error: Enter the name of the insured',
      );
      expect(form.getByRole('group', { name: 'Date of incident' })).toHaveAccessibleDescription(
        'For example, 27 3 2026 Error: Enter the date of the incident',
      );
      expect(sent).toEqual([]);

      await user.selectOptions(type, 'Windscreen');
      expect(type).not.toHaveAttribute('aria-invalid');
      await user.click(form.getByRole('radio', { name: 'Active' }));
      await user.type(insured, 'Jane Smith');
      await user.type(form.getByRole('textbox', { name: 'Day' }), '31');
      await user.type(form.getByRole('textbox', { name: 'Month' }), '02');
      await user.type(form.getByRole('textbox', { name: 'Year' }), '2026');
      await user.click(form.getByRole('button', { name: 'Add claim' }));
      expect(form.getByRole('group', { name: 'Date of incident' })).toHaveAccessibleDescription(
        'For example, 27 3 2026 Error: The date of the incident must be a real date',
      );
      expect(sent).toEqual([]);

      await user.clear(form.getByRole('textbox', { name: 'Day' }));
      await user.type(form.getByRole('textbox', { name: 'Day' }), '14');
      const listsBefore = listCalls();
      await user.click(form.getByRole('button', { name: 'Add claim' }));

      expect(await screen.findByRole('status')).toHaveTextContent('Claim CLM-00000003 added.');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/claims',
          body: {
            policyNumber: 'BMW-FLX-000123',
            claimType: 'Windscreen',
            status: 'ACTIVE',
            insuredName: 'Jane Smith',
            occurredDate: '2026-02-14',
          },
        },
      ]);
      // The list is read again and shows the new claim.
      await waitFor(() => expect(listCalls()).toBeGreaterThan(listsBefore));
      expect(await within(await claimsList()).findByText('CLM-00000003')).toBeInTheDocument();
    },
  );

  it('corrects a claim, sending only what changed', async () => {
    const { sent } = stubClaimsApi(({ body }) =>
      jsonResponse(200, { ...CLAIM, ...(body as object) }),
    );
    renderTab(staffWhoEditClaims);
    const user = userEvent.setup();
    await user.click(
      within(await claimsList()).getByRole('button', { name: 'Correct claim CLM-00000002' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct claim CLM-00000002' });
    const form = within(dialog);
    expect(form.getByRole('combobox', { name: 'Type of claim' })).toHaveDisplayValue('Accident');
    expect(form.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(form.getByRole('textbox', { name: 'Insured' })).toHaveValue('Jane Smith');
    expect(form.getByRole('textbox', { name: 'Day' })).toHaveValue('01');
    expect(form.getByRole('textbox', { name: 'Month' })).toHaveValue('03');
    expect(form.getByRole('textbox', { name: 'Year' })).toHaveValue('2026');

    // Nothing changed: nothing sent.
    await user.click(form.getByRole('button', { name: 'Save correction' }));
    expect(form.getByRole('alert')).toHaveTextContent(
      'Change at least one detail before saving the correction.',
    );
    expect(sent).toEqual([]);

    await user.click(form.getByRole('radio', { name: 'Settled' }));
    await user.click(form.getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Claim CLM-00000002 corrected.');
    expect(sent).toEqual([
      { method: 'PATCH', path: '/claims/CLM-00000002', body: { status: 'SETTLED' } },
    ]);
    expect(await within(await claimsList()).findByText('Settled')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the form, by field when it names one, and keeps the answers', async () => {
    let answer: Response = jsonResponse(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid: occurredDate: Invalid ISO date.',
        requestId: 'r',
        details: { fields: [{ in: 'body', path: 'occurredDate', message: 'Invalid ISO date' }] },
      },
    });
    stubClaimsApi(() => answer);
    renderTab(staffWhoEditClaims);
    const user = userEvent.setup();
    await user.click(
      within(await claimsList()).getByRole('button', { name: 'Correct claim CLM-00000002' }),
    );
    const form = within(await screen.findByRole('dialog', { name: 'Correct claim CLM-00000002' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Type of claim' }), 'Theft');
    await user.click(form.getByRole('button', { name: 'Save correction' }));
    expect(
      await form.findByRole('group', { name: 'Date of incident' }),
    ).toHaveAccessibleDescription('For example, 27 3 2026 Error: Invalid ISO date');

    answer = jsonResponse(403, {
      error: {
        code: 'FORBIDDEN',
        message: 'You are not authorised to do that.',
        requestId: 'r',
        details: { permission: 'action:mta-claims' },
      },
    });
    await user.click(form.getByRole('button', { name: 'Save correction' }));
    expect(await form.findByRole('alert')).toHaveTextContent('You are not authorised to do that.');
    expect(form.getByRole('combobox', { name: 'Type of claim' })).toHaveDisplayValue('Theft');

    answer = jsonResponse(500, { error: { code: 'INTERNAL', message: 'x', requestId: 'r' } });
    await user.click(form.getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(form.getByRole('alert')).toHaveTextContent(
        'We could not save the claim. Please try again.',
      ),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('works from the keyboard: open, fill, Escape closes and focus returns', async () => {
    const { sent } = stubClaimsApi(({ body }) =>
      jsonResponse(201, { claimReference: 'CLM-00000004', ...(body as object) }),
    );
    renderTab(staffWhoEditClaims);
    await claimsList();
    const user = userEvent.setup();
    const add = screen.getByRole('button', { name: 'Add a claim' });
    add.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add a claim' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(add).toHaveFocus();

    await user.keyboard(' ');
    const form = within(await screen.findByRole('dialog', { name: 'Add a claim' }));
    await user.tab();
    expect(form.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(form.getByRole('combobox', { name: 'Type of claim' })).toHaveFocus();
    await user.selectOptions(form.getByRole('combobox', { name: 'Type of claim' }), 'Theft');
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(form.getByRole('textbox', { name: 'Insured' })).toHaveFocus();
    await user.tab();
    await user.keyboard('05');
    await user.keyboard('06');
    await user.keyboard('2025');
    await user.tab();
    expect(form.getByRole('button', { name: 'Add claim' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Claim CLM-00000004 added.');
    expect(sent.map((entry) => entry.body)).toEqual([
      expect.objectContaining({ claimType: 'Theft', occurredDate: '2025-06-05' }),
    ]);
  });
});
