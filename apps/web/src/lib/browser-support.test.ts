import { describe, expect, it, vi } from 'vitest';
import type { BrowserGlobals } from './browser-support';
import {
  UNSUPPORTED_BROWSER_PAGE,
  findMissingFeatures,
  leaveIfUnsupported,
} from './browser-support';

/** A fake window of a browser that has everything the app needs. */
function modernWindow(): BrowserGlobals {
  return {
    HTMLScriptElement: { prototype: { noModule: false } },
    fetch: () => undefined,
    Promise,
    Object,
    Intl,
    CSS: { supports: (property, value) => property === 'display' && value === 'grid' },
  };
}

/** An Intl whose DateTimeFormat knows no named time zones, as in browsers without tz data. */
class UtcOnlyDateTimeFormat {
  constructor(_locale: string, options: { timeZone: string }) {
    if (options.timeZone !== 'UTC') throw new RangeError(`Invalid time zone ${options.timeZone}`);
  }
}

describe('findMissingFeatures', () => {
  it('finds nothing missing in a modern browser', () => {
    expect(findMissingFeatures(modernWindow())).toEqual([]);
  });

  it.each<[string, Partial<BrowserGlobals>]>([
    ['ES modules', { HTMLScriptElement: { prototype: {} } }],
    ['ES modules', { HTMLScriptElement: undefined }],
    ['fetch', { fetch: undefined }],
    ['Promise.prototype.finally', { Promise: { prototype: {} } }],
    ['Promise.prototype.finally', { Promise: undefined }],
    ['Object.hasOwn', { Object: {} }],
    ['Intl time zone Europe/London', { Intl: { DateTimeFormat: UtcOnlyDateTimeFormat } }],
    ['Intl time zone Europe/London', { Intl: undefined }],
    ['CSS grid', { CSS: { supports: () => false } }],
    ['CSS grid', { CSS: undefined }],
  ])('names %s when the browser lacks it', (feature, lacking) => {
    expect(findMissingFeatures({ ...modernWindow(), ...lacking })).toEqual([feature]);
  });
});

describe('leaveIfUnsupported', () => {
  const fakeWindow = (globals: BrowserGlobals) => ({
    ...globals,
    stop: vi.fn(),
    location: { replace: vi.fn() },
  });

  it('stops loading and goes to the unsupported-browser page when a feature is missing', () => {
    const win = fakeWindow({ ...modernWindow(), fetch: undefined });
    expect(leaveIfUnsupported(win)).toBe(true);
    expect(win.stop).toHaveBeenCalledOnce();
    expect(win.location.replace).toHaveBeenCalledWith(UNSUPPORTED_BROWSER_PAGE);
    expect(UNSUPPORTED_BROWSER_PAGE).toBe('/unsupported-browser.html');
  });

  it('leaves a supported browser where it is', () => {
    const win = fakeWindow(modernWindow());
    expect(leaveIfUnsupported(win)).toBe(false);
    expect(win.stop).not.toHaveBeenCalled();
    expect(win.location.replace).not.toHaveBeenCalled();
  });
});
