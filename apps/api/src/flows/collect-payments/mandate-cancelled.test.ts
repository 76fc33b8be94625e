// Issue 30 (the books are true): a Direct Debit the customer's bank cancels after the purchase.
// Nothing then fails at the provider, so the debt must not sit on an ACTIVE account with the
// cover going on: the first payment day with nothing to collect with suspends the account with a
// written notice saying why and how to pay, and the policy is cancelled for non-payment when the
// grace period (14 days for BMW Flex) ends unpaid. Bought through the HTTP calls the browser makes
// (mandate pages, account, bind); the mandate is cancelled by the provider's signed webhook.
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import {
  collections,
  customerAccounts,
  notificationOutbox,
  policies,
  policyAdjustments,
} from '../../db/schema';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import {
  cancelMandateAtBank,
  SANDBOX_GOOD_BANK,
  setUpSandboxMandate,
} from '../../test/sandbox-payments';
import { createQuote } from '../../test/quotes';
import { buyByCard } from '../../test/bound-policy';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { liveDaysUntil } from '../../test/live-days';
import { createTestApp } from '../../test/test-app';
import { NON_PAYMENT_REASON } from './non-payment';

const OWNER = 'mandate-cancelled-by-bank';

describe('a Direct Debit cancelled by the bank', () => {
  const clock = createTestClock('2026-07-08T10:00:00.000Z');
  let app: App;
  let bought: Awaited<ReturnType<typeof buyFlexByDirectDebit>>;

  const account = async () =>
    (
      await app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.proposalCode, bought.code))
    )[0]!;
  const policy = async () =>
    (await app.db.select().from(policies).where(eq(policies.policyId, bought.policyId)))[0]!;
  const notices = () =>
    app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `Notice of cancellation%${bought.policyNumber}%`))
      .orderBy(asc(notificationOutbox.createdAt));
  const collectionCount = async () =>
    (await app.db.select().from(collections).where(eq(collections.ownerUserId, OWNER))).length;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    bought = await buyFlexByDirectDebit(app, OWNER);
    // The deposit taken at purchase settles.
    await liveDaysUntil(app, clock, '2026-07-20T10:00:00.000Z');
  });
  afterAll(async () => {
    await app.close();
  });

  it('suspends the account on the payment day, saying why and how to pay, and tries nothing', async () => {
    expect(await collectionCount()).toBe(1);
    await cancelMandateAtBank(app, OWNER);

    // August's payment (due 8 August) would be submitted days ahead: there is no mandate to
    // submit it on, so the customer has until the day itself to set up a new one.
    await liveDaysUntil(app, clock, '2026-08-07T10:00:00.000Z');
    expect((await account()).accountStatus).toBe('ACTIVE');
    expect(await notices()).toEqual([]);
    await liveDaysUntil(app, clock, '2026-08-08T10:00:00.000Z');
    expect((await account()).accountStatus).toBe('SUSPENDED');
    expect(await collectionCount()).toBe(1);
    const [notice] = await notices();
    expect(notice?.subject).toBe(`Notice of cancellation: policy ${bought.policyNumber} is unpaid`);
    expect(notice?.body).toMatch(
      new RegExp(
        `A payment of £\\d+\\.\\d\\d for policy ${bought.policyNumber} is due, but your Direct Debit has been cancelled, so we cannot collect it\\.`,
      ),
    );
    expect(notice?.body).toContain('Your account is suspended.');
    expect(notice?.body).toMatch(
      /Unless £\d+\.\d\d is paid, your policy will be cancelled for non-payment on 22 Aug 2026\./,
    );
    expect(notice?.body).toContain('open the Billing tab of your policy and choose Pay');
    expect(notice?.body).toContain(
      'To pay the months to come by Direct Debit, set up a new Direct Debit on the same page.',
    );
    expect((await policy()).status).toBe('ACTIVE');
  });

  it('cancels the policy for non-payment when the grace ends unpaid, with one notice', async () => {
    await liveDaysUntil(app, clock, '2026-08-21T10:00:00.000Z');
    expect((await policy()).status).toBe('ACTIVE');
    await liveDaysUntil(app, clock, '2026-08-23T10:00:00.000Z');
    expect((await policy()).status).toBe('CANCELLED');
    const adjustments = await app.db
      .select()
      .from(policyAdjustments)
      .where(eq(policyAdjustments.policyId, bought.policyId));
    expect(adjustments).toEqual([
      expect.objectContaining({ adjustmentType: 'CAN', reason: NON_PAYMENT_REASON }),
    ]);
    expect(await notices()).toHaveLength(1);
    expect(await collectionCount()).toBe(1);
  });
});

describe('a Direct Debit cancelled by the bank, replaced before the payment day', () => {
  it('collects on the new mandate on the day, with no notice of cancellation', async () => {
    const clock = createTestClock('2026-07-08T10:00:00.000Z');
    const app = await createTestApp({ clock });
    try {
      const owner = 'mandate-replaced';
      const bought = await buyFlexByDirectDebit(app, owner);
      await liveDaysUntil(app, clock, '2026-07-20T10:00:00.000Z');
      await cancelMandateAtBank(app, owner);
      await liveDaysUntil(app, clock, '2026-08-05T10:00:00.000Z');
      // The customer sets up a new Direct Debit on the provider's pages (the billing tab's button).
      // Signed in again: weeks have passed since the purchase.
      const headers = bearer(await createTestAccessToken(app, { userId: owner }));
      await setUpSandboxMandate(app, headers, SANDBOX_GOOD_BANK);
      await liveDaysUntil(app, clock, '2026-08-12T10:00:00.000Z');
      const taken = await app.db
        .select()
        .from(collections)
        .where(eq(collections.ownerUserId, owner))
        .orderBy(asc(collections.createdAt));
      // The deposit, and August's payment on the new mandate (the old one is cancelled).
      expect(taken).toHaveLength(2);
      const [row] = await app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.proposalCode, bought.code));
      expect(row?.accountStatus).toBe('ACTIVE');
      const cancellationNotices = await app.db
        .select()
        .from(notificationOutbox)
        .where(like(notificationOutbox.subject, `Notice of cancellation%${bought.policyNumber}%`));
      expect(cancellationNotices).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

// The same rule for a card account with no card saved to charge (a policy bound through the API
// by a card checkout that saved none; the web's checkout saves the card of a monthly policy): the
// month's payment cannot be taken, so the account is suspended on its day with a notice saying
// why, and the policy is cancelled for non-payment when the grace ends unpaid. Never left owing
// on an ACTIVE account with the cover going on.
describe('a card account with no card saved', () => {
  it('is suspended on the payment day with a notice, and cancelled for non-payment at the grace’s end', async () => {
    const clock = createTestClock('2026-07-08T10:00:00.000Z');
    const app = await createTestApp({ clock, seed: true });
    try {
      const owner = 'card-without-saved-card';
      const headers = bearer(await createTestAccessToken(app, { userId: owner }));
      // Bought by card through the checkout without keeping the card, as an integrator may.
      const quote = await createQuote(app, headers);
      const { policyId } = await buyByCard(app, headers, quote.proposalCode, { saveCard: false });
      const [policy] = await app.db.select().from(policies).where(eq(policies.policyId, policyId));
      const accountOf = async () =>
        (
          await app.db
            .select()
            .from(customerAccounts)
            .where(eq(customerAccounts.proposalCode, policy!.proposalCode))
        )[0]!;
      const notices = () =>
        app.db
          .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
          .from(notificationOutbox)
          .where(
            like(notificationOutbox.subject, `Notice of cancellation%${policy!.policyNumber}%`),
          );
      expect((await accountOf()).paymentMethodType).toBe('CARD');

      await liveDaysUntil(app, clock, '2026-08-07T10:00:00.000Z');
      expect((await accountOf()).accountStatus).toBe('ACTIVE');
      await liveDaysUntil(app, clock, '2026-08-09T10:00:00.000Z');
      expect((await accountOf()).accountStatus).toBe('SUSPENDED');
      const [notice] = await notices();
      expect(notice?.body).toMatch(
        new RegExp(
          `A payment of £\\d+\\.\\d\\d for policy ${policy!.policyNumber} is due, but we have no card saved to take it from, so we cannot collect it\\.`,
        ),
      );
      expect(notice?.body).toContain('Your account is suspended.');
      expect(notice?.body).toContain(
        'To pay the months to come, save a card with “Change card” on the same page.',
      );
      // The purchase's card payment only: nothing was tried since.
      expect(await collectionsOf(app, owner)).toBe(1);

      await liveDaysUntil(app, clock, '2026-08-25T10:00:00.000Z');
      const [ended] = await app.db.select().from(policies).where(eq(policies.policyId, policyId));
      expect(ended?.status).toBe('CANCELLED');
      const [cancellation] = await app.db
        .select()
        .from(policyAdjustments)
        .where(eq(policyAdjustments.policyId, policyId));
      expect(cancellation?.reason).toBe(NON_PAYMENT_REASON);
    } finally {
      await app.close();
    }
  });
});

async function collectionsOf(app: App, owner: string): Promise<number> {
  return (await app.db.select().from(collections).where(eq(collections.ownerUserId, owner))).length;
}
