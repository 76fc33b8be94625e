import {
  MoveClockResponseSchema,
  ServerClockResponseSchema,
  type MoveClockRequest,
} from '@motor/contract';
import { followServerClock } from '../../../lib/page-clock';
import { usePostAndRefresh } from '../../../lib/post-and-refresh';
import { useStaffGet } from './staff-requests';

// The server's clock (issue 30 item 8): staff read it; with action:move-clock they move it
// forward outside production and see which jobs ran.

const clockKey = ['admin', 'clock'] as const;

/** GET /api/admin/clock: the server's time, its offset and whether it can be moved here. */
export function useServerClock(isStaff: boolean) {
  return useStaffGet({
    key: clockKey,
    path: '/admin/clock',
    schema: ServerClockResponseSchema,
    enabled: isStaff,
  });
}

/** POST /api/admin/clock: the page shows its errors itself (a refused amount on the field). */
export function useMoveClock() {
  return usePostAndRefresh({
    path: () => '/admin/clock',
    body: (request: MoveClockRequest) => request,
    schema: MoveClockResponseSchema,
    // This page's own clock moves with the server's.
    onAnswer: (moved) => followServerClock(moved.offsetMs),
    // Everything the staff console shows may have changed with the time: the jobs above all.
    refreshes: ['admin'],
  });
}
