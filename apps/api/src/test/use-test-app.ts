// Test kit: the app a describe block shares. Called in the block, it makes the suite's test clock
// at `at` now, builds the app on it (createTestApp) in a beforeAll registered before the block's
// own, and closes it in an afterAll that runs after theirs, having checked the ledger balances
// when asked. Tokens are signed on the app's clock when asked for, so a suite that moves the
// clock months on asks again (a token lives minutes).
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app-types';
import { createTestClock, type TestClock } from '../clock';
import { assertLedgerBalanced } from '../modules/billing/testing';
import { bearer, createTestAccessToken } from '../modules/identity/test-tokens';
import { createTestApp, type TestAppOptions } from './test-app';

export type UseTestAppOptions = Omit<TestAppOptions, 'clock'> & {
  /** Where the suite's clock starts (createTestClock's default instant when not given). */
  at?: Date | string;
  /** Check that every ledger transaction balances before the app is closed. */
  assertLedgerBalanced?: boolean;
};

export type TestAppKit = {
  /** The suite's app: built in the first beforeAll, so read it in hooks and tests only. */
  readonly app: App;
  readonly clock: TestClock;
  /** Headers signed in as the customer `userId`. */
  customer(userId: string): Promise<Record<string, string>>;
  /** Headers signed in as an admin with `permissions`, acting for `impersonate` when given. */
  staff(
    permissions: string[],
    options?: { userId?: string; impersonate?: string },
  ): Promise<Record<string, string>>;
};

export function useTestApp(options: UseTestAppOptions = {}): TestAppKit {
  const { at, assertLedgerBalanced: checkLedger = false, ...appOptions } = options;
  const clock = createTestClock(at);
  let built: App | undefined;
  const app = (): App => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll; read it in a hook');
    return built;
  };

  beforeAll(async () => {
    built = await createTestApp({ ...appOptions, clock });
  });
  afterAll(async () => {
    if (!built) return;
    try {
      if (checkLedger) await assertLedgerBalanced(built.db);
    } finally {
      await built.close();
    }
  });

  return {
    get app() {
      return app();
    },
    clock,
    customer: async (userId) => bearer(await createTestAccessToken(app(), { userId })),
    staff: async (permissions, staffOptions = {}) =>
      bearer(
        await createTestAccessToken(app(), {
          roles: ['admin'],
          permissions,
          ...staffOptions,
        }),
      ),
  };
}
