import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { MidOverdueResponse } from '@motor/contract';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffPageAccessTests, staffWith } from './test-helpers';

// Issue 35 item 1: /admin/mid lists the policies late for the Motor Insurance Database, for staff
// with access:operations; anybody else reads Unauthorised.

const staff = staffWith('access:operations');

const LATE: MidOverdueResponse = {
  policies: [
    {
      policyId: 'pol_1',
      policyNumber: 'BMW-FLX-000123',
      schemeCode: 'bmw-flex',
      customerUserId: 'user-1',
      awaiting: 'ADD',
      status: 'FAILED',
      registration: 'BM24XYZ',
      attempts: 3,
      lastError: 'The sandbox MID refused the submission',
      lastSubmittedAt: '2026-03-03T09:00:00.000Z',
      confirmedAt: null,
      dueBy: '2026-03-03T09:00:00.000Z',
    },
  ],
};

describe('the staff MID page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each late policy with its car, what it waits for, when it was due and the error', async () => {
    stubApi((url) =>
      url.endsWith('/api/admin/mid') ? jsonResponse(200, LATE) : jsonResponse(404, {}),
    );
    renderApp('/admin/mid', { authState: staff });
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /BMW-FLX-000123/ });
    expect(row).toHaveTextContent('BM24XYZ');
    expect(row).toHaveTextContent('The car to be added');
    expect(row).toHaveTextContent('3 March 2026 at 09:00');
    expect(row).toHaveTextContent('The sandbox MID refused the submission');
  });

  it('says when none is late', async () => {
    stubApi(() => jsonResponse(200, { policies: [] }));
    renderApp('/admin/mid', { authState: staff });
    expect(
      await screen.findByText('Every policy is on the Motor Insurance Database in time.'),
    ).toBeInTheDocument();
  });

  staffPageAccessTests({
    path: '/admin/mid',
    permission: 'access:operations',
    link: 'Motor Insurance Database',
  });
});
