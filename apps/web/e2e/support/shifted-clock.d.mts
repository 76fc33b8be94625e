/** Runs Date ahead by `offset()` milliseconds, once per process. */
export function installShiftedDate(offset: () => number): void;
