// Which browsers can run the app. This file is also compiled on its own to an ES5 classic script
// (apps/web/vite-browser-check.ts) that index.html runs before the module bundle, so a browser
// that cannot run the bundle still reaches the unsupported-browser page: no imports here.

/** The static page an unsupported browser is sent to; it needs no script at all. */
export const UNSUPPORTED_BROWSER_PAGE = '/unsupported-browser.html';

/** The parts of `window` the check reads; any may be missing in an old browser. */
export type BrowserGlobals = {
  HTMLScriptElement?: { prototype: object };
  fetch?: unknown;
  Promise?: { prototype: { finally?: unknown } };
  Object?: { hasOwn?: unknown };
  Intl?: { DateTimeFormat?: new (locale: string, options: { timeZone: string }) => unknown };
  CSS?: { supports?: (property: string, value: string) => boolean };
};

export type BrowserWindow = BrowserGlobals & {
  stop?: () => void;
  location: { replace: (url: string) => void };
};

function formatsLondonTime(intl: BrowserGlobals['Intl']): boolean {
  if (!intl?.DateTimeFormat) return false;
  try {
    new intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' });
    return true;
  } catch {
    // Browsers without full time-zone data throw a RangeError.
    return false;
  }
}

/** What the app needs, each with why. */
const REQUIREMENTS: { feature: string; isPresent: (win: BrowserGlobals) => boolean }[] = [
  // The app is one ES module bundle; a browser without modules never runs it.
  {
    feature: 'ES modules',
    isPresent: (win) =>
      win.HTMLScriptElement !== undefined && 'noModule' in win.HTMLScriptElement.prototype,
  },
  // Every call to the API.
  { feature: 'fetch', isPresent: (win) => typeof win.fetch === 'function' },
  // The anonymous session refresh, sign-out and checkout wait with it.
  {
    feature: 'Promise.prototype.finally',
    isPresent: (win) => typeof win.Promise?.prototype.finally === 'function',
  },
  // ES2022: the forms engine and the brand config call it, and it stands for the bundle's syntax,
  // which Vite builds for engines of that age and newer ('baseline-widely-available').
  { feature: 'Object.hasOwn', isPresent: (win) => typeof win.Object?.hasOwn === 'function' },
  // Every date and time is shown and compared in UK time.
  { feature: 'Intl time zone Europe/London', isPresent: (win) => formatsLondonTime(win.Intl) },
  // The page layouts.
  {
    feature: 'CSS grid',
    isPresent: (win) =>
      typeof win.CSS?.supports === 'function' && win.CSS.supports('display', 'grid'),
  },
];

/** The features the app needs that this browser lacks (none: the app can run). */
export function findMissingFeatures(win: BrowserGlobals): string[] {
  return REQUIREMENTS.filter((requirement) => !requirement.isPresent(win)).map(
    (requirement) => requirement.feature,
  );
}

/** Sends a browser that cannot run the app to the unsupported-browser page. */
export function leaveIfUnsupported(win: BrowserWindow): boolean {
  if (findMissingFeatures(win).length === 0) return false;
  // Stop parsing index.html first, so the module bundle after this script never starts.
  if (typeof win.stop === 'function') win.stop();
  win.location.replace(UNSUPPORTED_BROWSER_PAGE);
  return true;
}
