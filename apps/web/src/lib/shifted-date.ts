// Runs a realm's Date ahead of the real time (issue 30 item 8): outside production the pages live
// on the server's clock, which staff may have moved forward at /admin/clock. The same technique
// as the journeys' own clock (apps/web/e2e/support/shifted-clock.mjs), which stays a test tool:
// that file is preloaded into Node and its source injected into pages, so it cannot import this.

/** Where Date lives: the page's globalThis, or a test's stand-in. */
export type DateRealm = { Date: DateConstructor };

const INSTALLED = Symbol.for('motor.pageClock.shiftedDate');

/**
 * Makes `realm.Date.now()` and `new realm.Date()` answer the real time plus `offset()`
 * milliseconds, read at each call. Once per realm: a second call changes nothing.
 */
export function installShiftedDate(offset: () => number, realm: DateRealm = globalThis): void {
  const marked = realm as DateRealm & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  const RealDate = realm.Date;
  const realNow = RealDate.now.bind(RealDate);
  // Code that kept a reference to Date before this ran still reads the moved time from now().
  RealDate.now = () => realNow() + offset();
  // A proxy, not a subclass: code that reads Date.prototype's own methods (TZDate of
  // @date-fns/tz copies them) must find the real ones, or London dates come out a day off.
  realm.Date = new Proxy(RealDate, {
    construct(target, args: unknown[], newTarget: new (...args: unknown[]) => unknown) {
      return Reflect.construct(target, args.length === 0 ? [RealDate.now()] : args, newTarget);
    },
    apply() {
      // Date() called as a function gives the time as a string.
      return new RealDate(RealDate.now()).toString();
    },
  });
  marked[INSTALLED] = true;
}
