// Found by the simulated year (test/simulated-year.ts, run nightly at 02:00): an opted-in policy
// whose anniversary the renewal job reaches only after London midnight (a runner that was down or
// behind) lapsed, because expire-quotes had expired its renewal offer by its start day first.
// A renewal is ended by its validity, not its start day: the anniversary job binds it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDuration } from '@motor/domain';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { paymentMethods, policies, proposals } from '../../db/schema';
import { assertLedgerBalanced } from '../../modules/billing/testing';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { createQuote } from '../../modules/policy/test-helpers';
import { expireQuotes } from '../../modules/proposal/expiry';
import { createTestApp } from '../../test/test-app';
import { bindProposal } from '../bind-policy';
import { settleRenewalsAtExpiry } from './anniversary';
import { offerDueRenewals, RENEWAL_OFFER_DAYS } from './offer';

const INCEPTION = '2026-03-12T10:00:00.000Z';
const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P12M'));
const DAY = 24 * 60 * 60_000;
const OWNER = 'late-anniversary-owner';

describe('a renewal whose anniversary is settled after midnight', () => {
  const clock = createTestClock(INCEPTION);
  let app: App;
  let policyId = '';
  let renewalCode = '';

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
    const headers = bearer(await createTestAccessToken(app, { userId: OWNER }));
    const quote = await createQuote(app, headers);
    await app.db.insert(paymentMethods).values({
      paymentMethodId: `md_${OWNER}`,
      type: 'BACS_DEBIT',
      status: 'ACTIVE',
      ownerUserId: OWNER,
      adapter: 'sandbox',
      providerReference: `MD-${OWNER}`,
      bankName: 'Test Bank',
      accountNumberEnding: '11',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const bound = await bindProposal(app, {
      proposalCode: quote.proposalCode,
      principal: { kind: 'system', name: 'test' },
      paymentMethodType: 'BACS_DEBIT',
    });
    policyId = bound.policyId;
    clock.set(new Date(EXPIRY.getTime() - RENEWAL_OFFER_DAYS * DAY));
    expect(await offerDueRenewals(app)).toBe(1);
    const [policy] = await app.db.select().from(policies).where(eq(policies.policyId, policyId));
    renewalCode = policy!.renewalProposalCode!;
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  it('keeps the offer a QUOTE past its start day, then renews the opted-in policy', async () => {
    // The next London day, 02:00: expire-quotes runs before the renewal job (same slot).
    clock.set(new Date(EXPIRY.getTime() + 16 * 60 * 60_000));
    await expireQuotes(app.db, clock.now());
    const [offer] = await app.db
      .select({ status: proposals.status })
      .from(proposals)
      .where(eq(proposals.proposalCode, renewalCode));
    expect(offer?.status).toBe('QUOTE');
    expect(await settleRenewalsAtExpiry(app)).toEqual({ renewed: 1, lapsed: 0 });
    const [old] = await app.db.select().from(policies).where(eq(policies.policyId, policyId));
    expect(old?.status).toBe('RENEWED');
    const [renewed] = await app.db
      .select()
      .from(policies)
      .where(eq(policies.sourcePolicyId, policyId));
    expect(renewed).toMatchObject({ status: 'ACTIVE', proposalCode: renewalCode });
    expect(renewed?.inceptedAt).toEqual(EXPIRY);
  });
});
