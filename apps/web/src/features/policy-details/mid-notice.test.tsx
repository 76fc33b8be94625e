import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PolicyMidResponse, PolicyResponse } from '@motor/contract';
import type { PolicyDetail } from '@motor/domain';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { describeCar } from '../../lib/policy/policy-facts';
import { renderApp } from '../../test/render-app';

// Issue 35 item 1: the details tab tells the customer their car is on the Motor Insurance
// Database, or that we are adding it (a failure reads the same: we keep trying), or sending a
// change; nothing once the cover has ended.

function stub(policy: PolicyResponse, mid: PolicyMidResponse | null) {
  stubApi((url) => {
    const path = url.replace(/^.*\/api/, '');
    if (path === '/policies/pol_1/mid') return mid ? jsonResponse(200, mid) : jsonResponse(404, {});
    if (path === '/policies/pol_1') return jsonResponse(200, policy);
    if (path.startsWith('/customerAccounts') || path.startsWith('/claims')) {
      return jsonResponse(200, []);
    }
    return jsonResponse(404, {});
  });
}

const open = async () => {
  renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
  await screen.findByRole('region', { name: 'Your cover' });
};

const policy = (detail: Partial<PolicyDetail> = {}) => buildPolicy({ policyDetail: detail });

describe('the Motor Insurance Database notice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the car, by name and registration, is on the MID once it is', async () => {
    const bound = policy();
    const car = describeCar(bound);
    stub(bound, { status: 'ON_MID', registration: 'BM24XYZ', confirmedAt: '2026-11-23T09:01:00Z' });
    await open();
    const notice = await screen.findByRole('region', {
      name: 'Your car is on the Motor Insurance Database',
    });
    expect(car.name).not.toBe('');
    expect(notice).toHaveTextContent(
      `Your car ${car.name} (BM24 XYZ) is on the Motor Insurance Database.`,
    );
  });

  it('says we are adding the car while it is pending, and still when a submission failed', async () => {
    stub(policy({ policyStatus: 'PENDING' }), {
      status: 'FAILED',
      registration: 'BM24XYZ',
      confirmedAt: null,
    });
    await open();
    const notice = await screen.findByRole('region', {
      name: 'We are adding your car to the Motor Insurance Database',
    });
    expect(notice).toHaveTextContent(
      /We are adding your car .*\(BM24 XYZ\) to the Motor Insurance Database\./,
    );
    expect(notice).not.toHaveTextContent(/fail/i);
  });

  it('says a change is on its way when the MID held the car before', async () => {
    stub(policy(), {
      status: 'PENDING',
      registration: 'LB69KRT',
      confirmedAt: '2026-11-23T09:01:00Z',
    });
    await open();
    expect(
      await screen.findByRole('region', { name: 'We are updating the Motor Insurance Database' }),
    ).toHaveTextContent('We are sending your changes to the Motor Insurance Database.');
  });

  it('says nothing once the cover has ended', async () => {
    stub(policy({ policyStatus: 'CANCELLED', terminatedAt: '2026-12-01T09:00:00.000Z' }), {
      status: 'REMOVED',
      registration: 'BM24XYZ',
      confirmedAt: '2026-12-01T09:05:00Z',
    });
    renderApp('/flex/policy/pol_1', { authState: signedInAuthState });
    await screen.findByText('BMW-FLX-000123', { exact: false });
    expect(screen.queryByText(/Motor Insurance Database/)).toBeNull();
  });

  it('says nothing when the status cannot be read', async () => {
    stub(policy(), null);
    await open();
    expect(screen.queryByText(/Motor Insurance Database/)).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
