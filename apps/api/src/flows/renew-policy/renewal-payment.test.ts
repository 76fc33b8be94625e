// Issue 17 item 4, the money: at the anniversary an opted-in renewal binds with nothing taken at
// bind, its first month is owed on the new account, and the collections job collects it at once
// the way the old term was paid: the saved card charged off-session, or a Direct Debit on the
// mandate (not a month late with the second). Without a saved card the policy lapses; a
// customer's own bind still has to pay at checkout.
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addIsoDuration } from '@motor/domain';
import { customerAccounts, ledgerPostings, ledgerTransactions, policies } from '../../db/schema';
import { AppError } from '../../errors';
import { runDueJobs } from '../../modules/jobs/runner';
import { createQuote } from '../../test/quotes';
import { buyByCard } from '../../test/bound-policy';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { useTestApp } from '../../test/use-test-app';
import { bindProposal } from '../bind-policy';
import { settleRenewalsAtExpiry } from './anniversary';
import { offerDueRenewals } from './offer';

const INCEPTION = '2026-03-12T10:00:00.000Z';
const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P12M'));
const DAY = 24 * 60 * 60_000;

describe('paying for a renewal', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let keeping: { policyId: string };
  let cardless: { policyId: string };
  let debit: { policyId: string };

  /** A flex policy bought at INCEPTION on a Direct Debit mandate. */
  async function buyByDirectDebit(userId: string) {
    const { policyId } = await buyFlexByDirectDebit(suite.app, userId);
    return { policyId };
  }

  /** A flex policy bought at INCEPTION by card on the checkout, the card kept or not. */
  async function buyFlexByCard(userId: string, options: { keepCard: boolean }) {
    const headers = await suite.customer(userId);
    const quote = await createQuote(suite.app, headers);
    return buyByCard(suite.app, headers, quote.proposalCode, { saveCard: options.keepCard });
  }

  /** The lines of an account's receivable, oldest first. */
  const receivableOf = (accountId: string) =>
    suite.app.db
      .select({
        type: ledgerTransactions.type,
        status: ledgerTransactions.status,
        subType: ledgerTransactions.subType,
        amount: ledgerPostings.amountPence,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
      .where(
        and(
          eq(ledgerTransactions.accountId, accountId),
          eq(ledgerPostings.ledgerAccount, `receivable:${accountId}`),
        ),
      )
      .orderBy(asc(ledgerTransactions.createdAt));
  const accountOfRenewalOf = async (policyId: string) => {
    const [renewed] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.sourcePolicyId, policyId));
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, renewed!.policyId));
    return account!;
  };
  const policyRow = async (policyId: string) =>
    (await suite.app.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;

  beforeAll(async () => {
    keeping = await buyFlexByCard('card-renewer', { keepCard: true });
    cardless = await buyFlexByCard('card-removed', { keepCard: false });
    debit = await buyByDirectDebit('debit-renewer');
    clock.set(new Date(EXPIRY.getTime() - 28 * DAY + 60_000));
    await offerDueRenewals(suite.app);
    clock.set(new Date(EXPIRY.getTime() + 60_000));
    await settleRenewalsAtExpiry(suite.app);
  });

  it('renews on the saved card and the collections job charges the first month on it', async () => {
    expect((await policyRow(keeping.policyId)).status).toBe('RENEWED');
    const [renewed] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.sourcePolicyId, keeping.policyId));
    expect(renewed).toMatchObject({ status: 'ACTIVE', inceptedAt: EXPIRY });
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, renewed!.policyId));
    expect(account).toMatchObject({ paymentMethodType: 'CARD' });
    const [invoice] = await receivableOf(account!.accountId);
    expect(invoice).toMatchObject({ type: 'INVOICE' });
    expect(invoice!.amount).toBeGreaterThan(0);
    for (let tick = 0; tick < 3; tick += 1) {
      clock.advance(60_000);
      await runDueJobs(suite.app);
    }
    const payments = (await receivableOf(account!.accountId)).filter(
      (row) => row.type === 'PAYMENT',
    );
    expect(payments).toEqual([
      { type: 'PAYMENT', status: 'POSTED', subType: 'STRIPE', amount: -invoice!.amount },
    ]);
  });

  it('collects a Direct Debit renewal’s first month at once, on the mandate', async () => {
    expect((await policyRow(debit.policyId)).status).toBe('RENEWED');
    const account = await accountOfRenewalOf(debit.policyId);
    expect(account).toMatchObject({ paymentMethodType: 'BACS_DEBIT' });
    const rows = await receivableOf(account.accountId);
    const invoice = rows.find((row) => row.type === 'INVOICE')!;
    expect(rows.filter((row) => row.type === 'PAYMENT')).toEqual([
      { type: 'PAYMENT', status: 'PENDING', subType: 'GOCARDLESS', amount: -invoice.amount },
    ]);
  });

  it('lapses a card-paying policy whose card is no longer saved', async () => {
    expect((await policyRow(cardless.policyId)).status).toBe('LAPSED');
    const next = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.sourcePolicyId, cardless.policyId));
    expect(next).toEqual([]);
  });

  it('never lets a customer’s own bind leave the first month to the saved card', async () => {
    const headers = await suite.customer('card-renewer');
    const quote = await createQuote(suite.app, headers);
    const attempt = bindProposal(suite.app, {
      proposalCode: quote.proposalCode,
      principal: { kind: 'customer', userId: 'card-renewer', permissions: [] },
      paymentMethodType: 'CARD',
      collectFromSavedCard: true,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
  });
});
