import { useSyncExternalStore } from 'react';
import type { ClockOffsetResponse } from '@motor/contract';
import { installShiftedDate, type DateRealm } from './shifted-date';

// The pages' clock (issue 30 item 8): outside production staff move the server's clock forward
// at /admin/clock, and a quote's start dates, "today", a policy's status and its billing dates
// must then be those of the server's day, not the browser's. The server answers only what staff
// moved (0 in production and by default), and Date is left alone until that is not 0.

const OFFSET_PATH = '/api/clock/offset';
/** A slow API must not keep the page blank: after this the page starts on the real time. */
const READ_TIMEOUT_MS = 3_000;

type PageClockOptions = {
  fetch?: typeof fetch;
  realm?: DateRealm;
  /** Where the tab's focus events arrive (the window). */
  events?: Pick<EventTarget, 'addEventListener'>;
};

/** What staff moved the server's clock by; 0 when the API cannot say. */
async function readServerOffset(doFetch: typeof fetch): Promise<number> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), READ_TIMEOUT_MS);
  try {
    const response = await doFetch(OFFSET_PATH, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok) return 0;
    // Checked by hand: the contract's schemas (and zod) stay out of the first page's bundle.
    const { offsetMs } = (await response.json()) as Partial<ClockOffsetResponse>;
    return Number.isSafeInteger(offsetMs) ? (offsetMs as number) : 0;
  } catch {
    // The page works on the real time rather than not at all; errors show on the API calls.
    return 0;
  } finally {
    clearTimeout(timeout);
  }
}

/** Who shows the offset (the demo clock banner) or waits for it: told when it changes. */
const listeners = new Set<() => void>();

/** Follows one offset: installs the shifted Date the first time it is not 0. */
function createPageClock(realm: DateRealm) {
  let offsetMs = 0;
  return {
    offsetMs: () => offsetMs,
    follow(next: number) {
      // The server's clock never goes back; an answer from before a move must not undo it.
      if (next <= offsetMs) return;
      offsetMs = next;
      installShiftedDate(() => offsetMs, realm);
      for (const listener of listeners) listener();
    },
  };
}

let started: ReturnType<typeof createPageClock> | null = null;
/** Until the first read answers, nothing that tells the time may render (see usePageClockRead). */
let isFirstReadPending = false;

/**
 * Reads the server's offset before the app renders, then again whenever the tab regains focus
 * (staff may have moved the clock in another tab). Never fails.
 */
export async function startPageClock(options: PageClockOptions = {}): Promise<void> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const clock = createPageClock(options.realm ?? globalThis);
  started = clock;
  isFirstReadPending = true;
  clock.follow(await readServerOffset(doFetch));
  isFirstReadPending = false;
  for (const listener of listeners) listener();
  let reading = false;
  (options.events ?? window).addEventListener('focus', () => {
    if (reading) return;
    reading = true;
    void readServerOffset(doFetch)
      .then((offsetMs) => clock.follow(offsetMs))
      .finally(() => {
        reading = false;
      });
  });
}

/** /admin/clock moved the server's clock: the page follows at once. Nothing before start-up. */
export function followServerClock(offsetMs: number): void {
  started?.follow(offsetMs);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the pages may tell the time: false only while the first read of the server's offset is
 * on its way (the app renders its frame meanwhile, with no date in it; main.tsx).
 */
export function usePageClockRead(): boolean {
  return useSyncExternalStore(subscribe, () => !isFirstReadPending);
}

/** How far ahead of the real time the page runs: 0 unless staff moved the server's clock. */
export function usePageClockOffset(): number {
  return useSyncExternalStore(subscribe, () => started?.offsetMs() ?? 0);
}
