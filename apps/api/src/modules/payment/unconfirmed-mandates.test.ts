import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { setUpSandboxMandate } from '../../test/sandbox-payments';
import { createTestApp } from '../../test/test-app';
import { listUnconfirmedMandates } from './unconfirmed-mandates';

// The mandate confirmations ask about every owner with an account set up in the last week. A
// book moved onto the service in one go has tens of thousands: asked in one statement, that
// passed PostgreSQL's 65,535 parameters and the morning's run failed, confirming nobody.

describe('the unconfirmed mandates of many owners', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers those of 70,000 owners asked about at once', async () => {
    // A mandate set up on the sandbox's hosted pages, as the customer does it.
    const owner = 'owner-69999';
    await setUpSandboxMandate(app, bearer(await createTestAccessToken(app, { userId: owner })));
    const owners = Array.from({ length: 70_000 }, (_, index) => `owner-${index}`);
    const found = await listUnconfirmedMandates(app.db, {
      createdTo: app.clock.now(),
      ownerUserIds: owners,
    });
    expect(found.map((mandate) => mandate.ownerUserId)).toEqual([owner]);
    expect(found[0]).toMatchObject({ type: 'BACS_DEBIT', status: 'ACTIVE' });
    expect(
      await listUnconfirmedMandates(app.db, { createdTo: app.clock.now(), ownerUserIds: [] }),
    ).toEqual([]);
  });
});
