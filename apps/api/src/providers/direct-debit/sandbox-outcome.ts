// What happens to a sandbox collection, chosen by the name on the account typed on the sandbox
// mandate page (as test card numbers choose a card payment's fate; see the README). The names are
// relied on by tests and the simulated year: keep them exactly.

/** FAILS and NEVER_SETTLES are charged (PENDING, then SUBMITTED) like any other collection. */
type SandboxOutcome = 'SETTLES' | 'FAILS' | 'NEVER_SETTLES';

/** Each name (lower case, single spaces), and the outcome of the nth collection; N from 1. */
const NAMES: [RegExp, (nth: number, n: number) => SandboxOutcome][] = [
  [/^fail payment$/, () => 'FAILS'],
  [/^fail payment ([1-9]\d*)$/, (nth, n) => (nth === n ? 'FAILS' : 'SETTLES')],
  [/^fail payment from ([1-9]\d*)$/, (nth, n) => (nth >= n ? 'FAILS' : 'SETTLES')],
  [/^never settle$/, () => 'NEVER_SETTLES'],
];

function findName(holderName: string) {
  const name = holderName.trim().toLowerCase().split(/\s+/).join(' ');
  for (const [pattern, outcome] of NAMES) {
    const match = pattern.exec(name);
    if (match) return { outcome, n: Number(match[1] ?? 0) };
  }
  return null;
}

/** Whether the name picks a sandbox behaviour (any case, spaces around and between ignored). */
export function isSandboxBehaviourName(holderName: string): boolean {
  return findName(holderName) !== null;
}

/**
 * The outcome of the `nth` collection (1-based, every collection of the mandate in creation order,
 * retries included) under a mandate whose account holder is `holderName`.
 */
export function sandboxOutcome(holderName: string, nth: number): SandboxOutcome {
  const found = findName(holderName);
  return found ? found.outcome(nth, found.n) : 'SETTLES';
}
