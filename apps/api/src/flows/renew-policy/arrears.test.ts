// Issue 30 item 3, the renewal of a policy in arrears: at the anniversary an opted-in policy that
// owes more than billing.renewalArrearsLimitInstalments monthly instalments (bmw: the default, 1)
// lapses instead of renewing, and the customer is e-mailed what is owed and where to pay it.
import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addIsoDuration, formatMoney } from '@motor/domain';
import { notificationOutbox, policies } from '../../db/schema';
import { findAccountOfPolicy, getAccountTotals } from '../../modules/billing';
import { raiseDueInvoices } from '../../modules/billing/invoicing';
import { setUpSandboxMandate } from '../../test/sandbox-payments';
import { createQuote } from '../../test/quotes';
import { useTestApp } from '../../test/use-test-app';
import { settleRenewalsAtExpiry } from './anniversary';
import { arrearsStoppingRenewal } from './arrears';
import { offerDueRenewals } from './offer';

const INCEPTION = '2026-03-12T10:00:00.000Z';
const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P12M'));
const DAY = 86_400_000;

describe('renewing a policy in arrears', () => {
  const suite = useTestApp({ at: INCEPTION, assertLedgerBalanced: true });
  const { clock } = suite;

  it('lapses an opted-in policy owing more than one instalment and tells the customer', async () => {
    const headers = await suite.customer('in-arrears');
    const quote = await createQuote(suite.app, headers);
    await setUpSandboxMandate(suite.app, headers);
    const bound = await suite.app.inject({
      method: 'POST',
      url: `/api/proposals/${quote.proposalCode}/bind`,
      headers,
      payload: { paymentMethodType: 'BACS_DEBIT' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const { policyId, policyNumber } = bound.json() as { policyId: string; policyNumber: string };
    const [policy] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.policyId, policyId));
    // Paid up at purchase: the deposit on its way is not arrears.
    expect(await arrearsStoppingRenewal(suite.app, policy!)).toBeNull();

    clock.set(new Date(EXPIRY.getTime() - 27 * DAY));
    expect(await offerDueRenewals(suite.app)).toBe(1);
    // The year's invoices raised, none of them collected (the collections never ran).
    clock.set(new Date(EXPIRY.getTime() - DAY));
    await raiseDueInvoices(suite.app.db, clock.now());
    const account = (await findAccountOfPolicy(suite.app.db, policyId))!;
    const owedPence = (await getAccountTotals(suite.app.db, account.accountId)).balancePence;

    clock.set(new Date(EXPIRY.getTime() + 60_000));
    expect(await settleRenewalsAtExpiry(suite.app)).toEqual({ renewed: 0, lapsed: 1 });
    const [after] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.policyId, policyId));
    expect(after?.status).toBe('LAPSED');
    const mail = await suite.app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `%${policyNumber} has not renewed%`))
      .orderBy(asc(notificationOutbox.createdAt));
    expect(mail).toHaveLength(1);
    const owed = formatMoney(owedPence);
    expect(mail[0]!.subject).toBe(
      `Your policy ${policyNumber} has not renewed: ${owed} is overdue`,
    );
    expect(mail[0]!.body).toContain(
      `Your policy ${policyNumber} has not renewed because ${owed} of your payments is overdue.`,
    );
    expect(mail[0]!.body).toContain(
      `You can pay the ${owed} on the billing tab of your policy page.`,
    );
  });
});
