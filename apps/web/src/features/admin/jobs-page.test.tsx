import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { staffPageAccessTests, staffWith } from './test-helpers';

// Issue 17 item 1: staff read the job runner's runs, failures and retries at /admin/jobs.

const staff = staffWith('access:operations');

const LIST = {
  now: '2026-05-04T08:01:00.000Z',
  kinds: [
    {
      kind: 'lapse-policies',
      pending: 0,
      running: 0,
      retrying: 1,
      failed: 2,
      done: 40,
      lastDoneAt: '2026-05-04T08:00:00.000Z',
      lastFailedAt: null,
    },
  ],
  jobs: [
    {
      id: 'j-1',
      kind: 'lapse-policies',
      key: 'lapse-policies@2026-05-04T08:00:00.000Z',
      state: 'RETRYING',
      attempts: 1,
      createdAt: '2026-05-04T08:00:00.000Z',
      runAt: '2026-05-04T08:00:30.000Z',
      doneAt: null,
      failedAt: null,
      lastError: 'Error: connection lost\n    at somewhere',
      leasedBy: null,
      leasedUntil: null,
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the jobs page', () => {
  staffPageAccessTests({
    path: '/admin/jobs',
    permission: 'access:operations',
    link: 'Scheduled jobs',
  });

  it('shows each kind’s counts and the latest jobs with their error; filters by state', async () => {
    const fetchMock = stubApi((path) =>
      path.includes('/api/admin/jobs') ? jsonResponse(200, LIST) : jsonResponse(404, {}),
    );
    renderApp('/admin/jobs', { authState: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scheduled jobs' }),
    ).toBeInTheDocument();
    const kinds = await screen.findByRole('table', { name: 'By kind' });
    const row = within(kinds).getByRole('row', { name: /lapse-policies/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['1', '2', '40', 'Never']));
    const list = screen.getByRole('table', { name: 'Latest jobs' });
    expect(within(list).getByText('Waiting to retry')).toBeInTheDocument();
    expect(within(list).getByText('Error: connection lost')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('State'), 'Failed');
    await userEvent.click(screen.getByRole('button', { name: 'Show jobs' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/api/admin/jobs?limit=100&state=FAILED'),
        expect.anything(),
      ),
    );
  });

  it('runs the due jobs now and lists what ran', async () => {
    const fetchMock = stubApi((path, init) => {
      if (path.includes('/api/admin/jobs/run') && init?.method === 'POST') {
        return jsonResponse(200, {
          now: '2026-05-04T08:01:00.000Z',
          runs: {
            kinds: [{ kind: 'lapse-policies', done: 1, retrying: 0, failed: 0 }],
            failures: [],
          },
        });
      }
      return path.includes('/api/admin/jobs') ? jsonResponse(200, LIST) : jsonResponse(404, {});
    });
    renderApp('/admin/jobs', { authState: staff });
    await userEvent.click(await screen.findByRole('button', { name: 'Run due jobs now' }));
    const ran = await screen.findByRole('table', { name: 'Jobs that ran' });
    expect(within(ran).getByRole('row', { name: 'lapse-policies 1 0 0' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('/api/admin/jobs/run'),
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
