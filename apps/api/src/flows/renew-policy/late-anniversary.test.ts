// Found by the simulated year (test/simulated-year.ts, run nightly at 02:00): an opted-in policy
// whose anniversary the renewal job reaches only after London midnight (a runner that was down or
// behind) lapsed, because expire-quotes had expired its renewal offer by its start day first.
// A renewal is ended by its validity, not its start day: the anniversary job binds it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addIsoDuration } from '@motor/domain';
import { policies, proposals } from '../../db/schema';
import { expireQuotes } from '../../modules/proposal/expiry';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { useTestApp } from '../../test/use-test-app';
import { settleRenewalsAtExpiry } from './anniversary';
import { offerDueRenewals, RENEWAL_OFFER_DAYS } from './offer';

const INCEPTION = '2026-03-12T10:00:00.000Z';
const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P12M'));
const DAY = 24 * 60 * 60_000;
const OWNER = 'late-anniversary-owner';

describe('a renewal whose anniversary is settled after midnight', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let policyId = '';
  let renewalCode = '';

  beforeAll(async () => {
    ({ policyId } = await buyFlexByDirectDebit(suite.app, OWNER));
    clock.set(new Date(EXPIRY.getTime() - RENEWAL_OFFER_DAYS * DAY));
    expect(await offerDueRenewals(suite.app)).toBe(1);
    const [policy] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.policyId, policyId));
    renewalCode = policy!.renewalProposalCode!;
  });

  it('keeps the offer a QUOTE past its start day, then renews the opted-in policy', async () => {
    // The next London day, 02:00: expire-quotes runs before the renewal job (same slot).
    clock.set(new Date(EXPIRY.getTime() + 16 * 60 * 60_000));
    await expireQuotes(suite.app.db, clock.now());
    const [offer] = await suite.app.db
      .select({ status: proposals.status })
      .from(proposals)
      .where(eq(proposals.proposalCode, renewalCode));
    expect(offer?.status).toBe('QUOTE');
    expect(await settleRenewalsAtExpiry(suite.app)).toEqual({ renewed: 1, lapsed: 0 });
    const [old] = await suite.app.db.select().from(policies).where(eq(policies.policyId, policyId));
    expect(old?.status).toBe('RENEWED');
    const [renewed] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.sourcePolicyId, policyId));
    expect(renewed).toMatchObject({ status: 'ACTIVE', proposalCode: renewalCode });
    expect(renewed?.inceptedAt).toEqual(EXPIRY);
  });
});
