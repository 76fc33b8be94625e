import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/use-test-database';
import { paymentMethods } from './tables';
import { listUnconfirmedMandates } from './unconfirmed-mandates';

// The mandate confirmations ask about every owner with an account set up in the last week. A
// book moved onto the service in one go has tens of thousands: asked in one statement, that
// passed PostgreSQL's 65,535 parameters and the morning's run failed, confirming nobody.

const database = useTestDatabase();

describe('the unconfirmed mandates of many owners', () => {
  it('answers those of 70,000 owners asked about at once', async () => {
    const { db } = database.handle;
    const setUpAt = new Date('2026-04-01T09:00:00Z');
    await db.insert(paymentMethods).values({
      paymentMethodId: 'pm_many_owners',
      type: 'BACS_DEBIT',
      status: 'ACTIVE',
      ownerUserId: 'owner-69999',
      adapter: 'sandbox',
      providerReference: 'MD_many_owners',
      createdAt: setUpAt,
      updatedAt: setUpAt,
    });
    const owners = Array.from({ length: 70_000 }, (_, index) => `owner-${index}`);
    const found = await listUnconfirmedMandates(db, {
      createdTo: new Date('2026-04-02T07:00:00Z'),
      ownerUserIds: owners,
    });
    expect(found.map((mandate) => mandate.paymentMethodId)).toEqual(['pm_many_owners']);
    expect(await listUnconfirmedMandates(db, { createdTo: setUpAt, ownerUserIds: [] })).toEqual([]);
  });
});
