import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerDetailResponse, ReinstatementResponse } from '@motor/contract';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffWith } from './test-helpers';

// Issue 35 item 3: staff with action:reinstate open a cancelled policy from the customer page,
// read whether it can be reinstated and what is owed, choose no gap or a gap, give a reason and
// confirm; a refusal says why; anybody else reads Unauthorised.

const PATH = '/admin/customers/user-1/policies/pol_1/reinstate';

const VIEW: ReinstatementResponse = {
  policyId: 'pol_1',
  policyNumber: 'BMW-FLX-000123',
  status: 'CANCELLED',
  cancelledAt: '2026-04-03T09:00:00.000Z',
  cancellationKind: 'NON_PAYMENT',
  cancellationReason: 'NonPayment',
  windowEndsAt: '2026-05-03T09:00:00.000Z',
  canReinstate: true,
  refusal: null,
  amountOwedPence: 0,
  accountId: 'acc_1',
  pendingRefundPence: 0,
  options: [
    { cover: 'BACKDATED', coverFrom: '2026-04-03T09:00:00.000Z', gap: null, premiumPence: 4321 },
    {
      cover: 'GAP',
      coverFrom: '2026-04-05T09:00:00.000Z',
      gap: { from: '2026-04-03T09:00:00.000Z', to: '2026-04-05T09:00:00.000Z' },
      premiumPence: 4012,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('reinstating a policy (staff)', () => {
  it('is Unauthorised without action:reinstate, and fetches nothing', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, VIEW));
    renderApp(PATH, { authState: staffWith('access:impersonate') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/reinstatement'),
      expect.anything(),
    );
  });

  it('offers the two ways back with their cost, needs a reason, and sends the choice', async () => {
    const fetchMock = stubApi((path, init) => {
      if (path.endsWith('/reinstate') && init?.method === 'POST') {
        return jsonResponse(200, {
          policyId: 'pol_1',
          policyNumber: 'BMW-FLX-000123',
          status: 'ACTIVE',
          cover: 'GAP',
          coverFrom: '2026-04-05T09:00:00.000Z',
          gap: { from: '2026-04-03T09:00:00.000Z', to: '2026-04-05T09:00:00.000Z' },
          premiumPence: 4012,
          versionNumber: 2,
        });
      }
      if (path.endsWith('/reinstatement')) return jsonResponse(200, VIEW);
      return jsonResponse(404, {});
    });
    renderApp(PATH, { authState: staffWith('action:reinstate') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reinstate policy BMW-FLX-000123' }),
    ).toBeInTheDocument();
    expect(screen.getByText('For non-payment')).toBeInTheDocument();
    const backdated = screen.getByRole('radio', { name: /No gap \(backdated\)/ });
    expect(backdated).toBeChecked();
    expect(backdated).toHaveAccessibleName(expect.stringContaining('£43.21 is added'));
    const gap = screen.getByRole('radio', { name: /With a gap/ });
    expect(gap).toHaveAccessibleName(expect.stringContaining('not charged for it'));

    await userEvent.click(screen.getByRole('button', { name: 'Reinstate the policy' }));
    const reason = screen.getByLabelText(/^Reason/);
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining('Give a reason of at least 5 characters.'),
    );

    await userEvent.click(gap);
    await userEvent.type(reason, 'Customer cancelled the wrong car');
    await userEvent.click(screen.getByRole('button', { name: 'Reinstate the policy' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/api/admin/policies/pol_1/reinstate'),
        expect.objectContaining({
          method: 'POST',
          body: JSON.stringify({ cover: 'GAP', reason: 'Customer cancelled the wrong car' }),
        }),
      ),
    );
    const done = await screen.findByText(/is reinstated from .*, with the gap recorded/);
    expect(done.closest('[role="status"]')).toHaveFocus();
  });

  it('says why it cannot be reinstated and sends staff to take the money owed first', async () => {
    stubApi((path) =>
      path.endsWith('/reinstatement')
        ? jsonResponse(200, {
            ...VIEW,
            canReinstate: false,
            amountOwedPence: 1250,
            refusal: {
              code: 'BALANCE_OWED',
              message: 'The customer owes £12.50: take it first, then reinstate.',
            },
          })
        : jsonResponse(404, {}),
    );
    renderApp(PATH, { authState: staffWith('action:reinstate') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The customer owes £12.50: take it first, then reinstate.');
    expect(alert).toHaveTextContent('take the amount owed by phone');
    expect(screen.queryByRole('button', { name: 'Reinstate the policy' })).toBeNull();
  });

  it('is reached from the customer page for a cancelled policy', async () => {
    const customer = {
      userId: 'user-1',
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Smith',
      phone: null,
      createdAt: '2026-03-01T09:00:00.000Z',
      isDisabled: false,
      policies: [
        {
          policyId: 'pol_1',
          policyNumber: 'BMW-FLX-000123',
          schemeCode: 'bmw-flex',
          status: 'CANCELLED',
          inceptedAt: '2026-03-02T09:00:00.000Z',
          expiredAt: '2027-03-02T09:00:00.000Z',
          notTakenUp: null,
          mid: null,
        },
      ],
      proposals: [],
      payments: [],
      audit: [],
    } as unknown as CustomerDetailResponse;
    stubApi((path) =>
      path.includes('/api/admin/customers/user-1')
        ? jsonResponse(200, customer)
        : jsonResponse(404, {}),
    );
    renderApp('/admin/customers/user-1', {
      authState: staffWith('access:impersonate', 'action:reinstate'),
    });
    const link = await screen.findByRole('link', { name: 'Reinstate BMW-FLX-000123' });
    expect(link).toHaveAttribute('href', PATH);
  });
});
