/** Runs Date ahead by `offset()` milliseconds, once per process. */
export function installShiftedDate(offset: () => number): void;
/** The real time (Chromium's cookie store counts a Max-Age from it). */
export function realNow(): number;
