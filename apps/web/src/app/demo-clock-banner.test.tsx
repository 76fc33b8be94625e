// Issue 30 item 8: while staff have moved the server's clock (never in production), every page
// says so in one line, as the pages' dates are then the service's, not today's.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { followServerClock, startPageClock } from '../lib/page-clock';
import { DemoClockBanner } from './demo-clock-banner';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('the demo clock banner', () => {
  it('shows nothing on the real time, then how far ahead the service runs', async () => {
    const answerZero = (async () =>
      new Response(JSON.stringify({ offsetMs: 0 }), {
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    // A stand-in Date: this file's own stays on the real time.
    await startPageClock({
      fetch: answerZero,
      realm: { Date: class extends Date {} as DateConstructor },
      events: new EventTarget(),
    });
    const { container } = render(<DemoClockBanner />);
    expect(container).toBeEmptyDOMElement();

    act(() => followServerClock(5 * HOUR_MS));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Demo clock: the service is running 5 hours ahead of the real time.',
    );

    act(() => followServerClock(30 * DAY_MS + 5 * HOUR_MS));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Demo clock: the service is running 30 days ahead of today.',
    );
  });
});
