// Issue 35 item 3 (decision 042): staff with action:reinstate put a policy cancelled for
// non-payment or by mistake back on cover within the product's window: backdated (no gap) or
// with the gap recorded; the money owed first; the ledger right; new documents; the customer
// e-mailed; audited; the MID job puts the car back.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReinstatementResponse } from '@motor/contract';
import {
  auditLog,
  customerAccounts,
  ledgerTransactions,
  notificationOutbox,
  policies,
  policyAdjustments,
  policyVersions,
} from '../../db/schema';
import {
  findAccountOfPolicy,
  getAccountTotals,
  getSettledBalance,
  listPendingRefunds,
  moveAccountStatus,
  postProviderPayment,
  settleRefund,
} from '../../modules/billing';
import { raiseDueInvoices } from '../../modules/billing/invoicing';
import { assertLedgerBalanced } from '../../modules/billing/testing';
import { listPolicyDocumentFiles } from '../../modules/document';
import { runDueJobsNow } from '../../modules/jobs';
import { reconcileMid } from '../../modules/mid/service';
import { findPolicy } from '../../modules/policy';
import { createSandboxMid } from '../../providers/mid';
import { createBoundPolicy } from '../../test/bound-policy';
import { createTestProviders } from '../../test/test-app';
import { cancelForNonPayment } from '../collect-payments/non-payment';
import { payPendingRefunds } from '../collect-payments/refunds';
import { useTestApp } from '../../test/use-test-app';

const START = '2026-03-02T09:00:00.000Z';
const MINUTE = 60_000;
const DAY = 86_400_000;

describe('reinstating a cancelled policy', () => {
  const sandbox = createSandboxMid({ timeoutMs: 5 });
  const suite = useTestApp({
    at: START,
    seed: true,
    providers: { ...createTestProviders(), mid: sandbox },
  });
  const { clock } = suite;

  const staff = async (permissions = ['action:reinstate']) =>
    await suite.staff(permissions, { userId: 'staff-rein' });

  /** The customer cancels online (a fresh token: the clock moves past a token's life). */
  async function cancelByCustomer(userId: string, policyId: string) {
    const headers = await suite.customer(userId);
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers,
      payload: { policyId, adjustmentType: 'CAN', reason: 'Other|Cancelled the wrong car' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const committed = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${created.json().adjustmentId}/commit`,
      headers,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    expect((await findPolicy(suite.app.db, policyId))?.status).toBe('CANCELLED');
  }

  async function readReinstatement(policyId: string): Promise<ReinstatementResponse> {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/admin/policies/${policyId}/reinstatement`,
      headers: await staff(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function post(
    policyId: string,
    payload: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    return suite.app.inject({
      method: 'POST',
      url: `/api/admin/policies/${policyId}/reinstate`,
      headers: headers ?? (await staff()),
      payload,
    });
  }

  async function expectRefused(policyId: string, reason: string) {
    const before = await findPolicy(suite.app.db, policyId);
    const res = await post(policyId, { cover: 'BACKDATED', reason: 'Customer asked us to' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.details).toEqual({ reason });
    // Nothing changed.
    expect(await findPolicy(suite.app.db, policyId)).toEqual(before);
    return res.json().error.message as string;
  }

  const mailsTo = async (subjectPart: string) =>
    suite.app.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `%${subjectPart}%`));

  describe('cancelled for non-payment, reinstated with no gap (BACKDATED)', () => {
    let policyId = '';
    let accountId = '';
    let credited = 0;
    const owner = 'rein-non-payment';

    beforeAll(async () => {
      clock.set(START);
      policyId = (await createBoundPolicy(suite.app, await suite.customer(owner))).policyId;
      const account = (await findAccountOfPolicy(suite.app.db, policyId))!;
      accountId = account.accountId;
      // A month later the second month is invoiced and never paid: suspended, then cancelled at
      // the notice's date by the non-payment job's own function.
      clock.set('2026-04-03T09:00:00.000Z');
      expect(await raiseDueInvoices(suite.app.db, clock.now())).toBeGreaterThan(0);
      expect(
        await moveAccountStatus(suite.app.db, { accountId, from: 'ACTIVE', to: 'SUSPENDED' }),
      ).toBe(true);
      expect(await cancelForNonPayment(suite.app, { accountId })).toBe(true);
      const [cancellation] = await suite.app.db
        .select()
        .from(policyAdjustments)
        .where(eq(policyAdjustments.policyId, policyId));
      credited = -cancellation!.prorataPremiumPence;
      expect(credited).toBeGreaterThan(0);
      clock.advance(2 * DAY);
    });

    it('tells staff the money owed must be taken first, and refuses until it is', async () => {
      const owed = await getSettledBalance(suite.app.db, accountId);
      expect(owed).toBeGreaterThan(0);
      const view = await readReinstatement(policyId);
      expect(view).toMatchObject({
        status: 'CANCELLED',
        cancellationKind: 'NON_PAYMENT',
        cancellationReason: 'NonPayment',
        canReinstate: false,
        amountOwedPence: owed,
        accountId,
        refusal: { code: 'BALANCE_OWED' },
      });
      expect(Date.parse(view.windowEndsAt!)).toBe(Date.parse(view.cancelledAt!) + 30 * DAY);
      expect(view.refusal!.message).toContain(`£${(owed / 100).toFixed(2)}`);
      expect(view.options.map((option) => option.cover)).toEqual(['BACKDATED', 'GAP']);
      expect(view.options[0]).toMatchObject({ gap: null, premiumPence: credited });
      // The gap's two days are not charged.
      expect(view.options[1]!.premiumPence).toBeLessThan(credited);
      expect(view.options[1]!.gap).toEqual({
        from: view.cancelledAt,
        to: clock.now().toISOString(),
      });
      await expectRefused(policyId, 'BALANCE_OWED');
    });

    it('refuses the customer’s own token and staff without the permission (403)', async () => {
      const asOwner = await post(
        policyId,
        { cover: 'BACKDATED', reason: 'Customer asked us to' },
        await suite.customer(owner),
      );
      expect(asOwner.statusCode).toBe(403);
      const asCare = await post(
        policyId,
        { cover: 'BACKDATED', reason: 'Customer asked us to' },
        await staff(['access:impersonate']),
      );
      expect(asCare.statusCode).toBe(403);
      expect(asCare.json().error.details).toEqual({ permission: 'action:reinstate' });
      const read = await suite.app.inject({
        method: 'GET',
        url: `/api/admin/policies/${policyId}/reinstatement`,
        headers: await suite.customer(owner),
      });
      expect(read.statusCode).toBe(403);
      const noReason = await post(policyId, { cover: 'BACKDATED', reason: '' });
      expect(noReason.statusCode).toBe(400);
    });

    it('once paid, reinstates once (two staff at the same time: one wins), with continuous cover', async () => {
      const account = (await findAccountOfPolicy(suite.app.db, policyId))!;
      const owed = await getSettledBalance(suite.app.db, accountId);
      await postProviderPayment(suite.app.db, {
        account,
        payment: {
          provider: 'CARD',
          providerPaymentId: 'pi_arrears_by_phone',
          amountPence: owed,
          settled: true,
        },
        at: clock.now(),
      });
      expect((await readReinstatement(policyId)).canReinstate).toBe(true);

      const payload = {
        cover: 'BACKDATED',
        reason: 'Arrears paid by phone; customer kept the car',
      };
      const [first, second] = await Promise.all([post(policyId, payload), post(policyId, payload)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const done = [first, second].find((res) => res.statusCode === 200)!.json();
      const cancelledAt = (
        await suite.app.db
          .select()
          .from(policyAdjustments)
          .where(eq(policyAdjustments.policyId, policyId))
      )[0]!.effectiveAt.toISOString();
      expect(done).toMatchObject({
        status: 'ACTIVE',
        cover: 'BACKDATED',
        coverFrom: cancelledAt,
        gap: null,
        premiumPence: credited,
        versionNumber: 2,
      });
      await expectRefused(policyId, 'NOT_CANCELLED');

      const policy = (await findPolicy(suite.app.db, policyId))!;
      expect(policy).toMatchObject({ status: 'ACTIVE', terminatedAt: null });
      // The credit note reversed: the customer owes the restored cover, billed again monthly.
      const [journal] = await suite.app.db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.accountId, accountId),
            like(ledgerTransactions.idempotencyKey, 'reinstatement:%'),
          ),
        );
      expect(journal).toMatchObject({ type: 'DEBIT_JOURNAL', status: 'POSTED' });
      expect(await getSettledBalance(suite.app.db, accountId)).toBe(credited);
      await assertLedgerBalanced(suite.app.db);
      const [resumed] = await suite.app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.accountId, accountId));
      expect(resumed!.accountStatus).toBe('ACTIVE');
      expect(resumed!.nextInvoiceAt).not.toBeNull();

      const [audit] = await suite.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'policy.reinstate'));
      expect(audit).toMatchObject({ actorUserId: 'staff-rein', subjectUserId: owner });
      expect(audit!.target).toBe(
        `policy:${policy.policyNumber} cover:BACKDATED reason:Arrears paid by phone; customer kept the car`,
      );

      const [mail] = await mailsTo(`${policy.policyNumber} is reinstated`);
      expect(mail!.body).toContain(
        `Your policy ${policy.policyNumber} is reinstated from 10:00 on 03 Apr 2026, when it was cancelled: there is no gap in your cover.`,
      );
      expect(mail!.body).toContain(
        `The premium for your restored cover, £${(credited / 100).toFixed(2)}, is added to your account and taken with your next payment.`,
      );
      expect(mail!.body).toContain('Your new certificate of motor insurance and policy schedule');
    });
  });

  describe('cancelled by mistake, reinstated from now with the gap recorded (GAP)', () => {
    let policyId = '';
    let policyNumber = '';
    const owner = 'rein-gap';

    beforeAll(async () => {
      const headers = await suite.customer(owner);
      policyId = (await createBoundPolicy(suite.app, headers)).policyId;
      policyNumber = (await findPolicy(suite.app.db, policyId))!.policyNumber;
      await reconcileMid(suite.app);
      expect((await sandbox.findRecord(policyNumber))?.isOnRegister).toBe(true);
      clock.advance(3 * DAY);
      await cancelByCustomer(owner, policyId);
      await reconcileMid(suite.app);
      expect((await sandbox.findRecord(policyNumber))?.isOnRegister).toBe(false);
      clock.advance(3 * DAY);
    });

    it('cancels the cancellation’s pending refund, charges the cover from now only, issues documents, and the MID has the car again', async () => {
      const view = await readReinstatement(policyId);
      expect(view).toMatchObject({
        canReinstate: true,
        refusal: null,
        cancellationKind: 'MISTAKE',
        amountOwedPence: 0,
      });
      expect(view.pendingRefundPence).toBeGreaterThan(0);
      const gap = view.options.find((option) => option.cover === 'GAP')!;
      const backdated = view.options.find((option) => option.cover === 'BACKDATED')!;
      // The refund credited what the policy had not used; the gap's three days stay credited.
      expect(backdated.premiumPence).toBe(view.pendingRefundPence);
      expect(gap.premiumPence).toBeLessThan(backdated.premiumPence);

      const res = await post(policyId, {
        cover: 'GAP',
        reason: 'Customer cancelled the wrong car online',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        cover: 'GAP',
        coverFrom: clock.now().toISOString(),
        gap: { from: view.cancelledAt, to: clock.now().toISOString() },
        premiumPence: gap.premiumPence,
        versionNumber: 2,
      });

      const account = (await findAccountOfPolicy(suite.app.db, policyId))!;
      const refunds = await suite.app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.accountId, account.accountId));
      expect(refunds.filter((row) => row.type === 'REFUND').map((row) => row.status)).toEqual([
        'FAILED',
      ]);
      expect(refunds.some((row) => row.type === 'REFUND_REVERSAL')).toBe(true);
      // What the gap's days cost stays the customer's: in credit by exactly that, nothing paid out.
      const totals = await getAccountTotals(suite.app.db, account.accountId);
      expect(totals.balancePence).toBe(gap.premiumPence - backdated.premiumPence);
      expect(await payPendingRefunds(suite.app)).toBe(0);
      await assertLedgerBalanced(suite.app.db);

      const [version] = await suite.app.db
        .select()
        .from(policyVersions)
        .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.versionNumber, 2)));
      expect(version!.startedAt.toISOString()).toBe(clock.now().toISOString());

      const [mail] = await mailsTo(`${policyNumber} is reinstated`);
      expect(mail!.body).toMatch(
        new RegExp(`Your policy ${policyNumber} is reinstated: you are insured again from `),
      );
      expect(mail!.body).toContain('your cover has a gap then, and you are not charged for it.');
      const [audit] = await suite.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'policy.reinstate'), eq(auditLog.subjectUserId, owner)));
      expect(audit!.target).toContain(`cover:GAP gap:${view.cancelledAt}/`);

      // The jobs issue the new version's documents, and the MID's next run puts the car back.
      clock.advance(5 * MINUTE);
      await runDueJobsNow(suite.app);
      const files = await listPolicyDocumentFiles(
        suite.app,
        (await findPolicy(suite.app.db, policyId))!,
      );
      const newVersion = files.filter((file) => file.versionId === version!.id);
      expect(newVersion.map((file) => file.type).sort()).toEqual([
        'policy-certificate',
        'policy-schedule',
      ]);
      expect(newVersion.every((file) => file.isStored)).toBe(true);
      expect(await sandbox.findRecord(policyNumber)).toMatchObject({
        isOnRegister: true,
        entry: { registration: 'BM24XYZ' },
      });
    });
  });

  describe('a refund already paid', () => {
    it('is owed back once the policy is reinstated with no gap', async () => {
      const { policyId } = await createBoundPolicy(
        suite.app,
        await suite.customer('rein-refund-paid'),
      );
      clock.advance(2 * DAY);
      await cancelByCustomer('rein-refund-paid', policyId);
      // The provider paid the refund (the sandbox card of these binds is not a real payment, so
      // it is settled as paid here).
      const account = (await findAccountOfPolicy(suite.app.db, policyId))!;
      const pending = (await listPendingRefunds(suite.app.db, { queued: true })).filter(
        (refund) => refund.accountId === account.accountId,
      );
      expect(pending).toHaveLength(1);
      expect(
        await settleRefund(suite.app.db, { idempotencyKey: pending[0]!.idempotencyKey, paid: [] }),
      ).toBe(true);
      const view = await readReinstatement(policyId);
      expect(view).toMatchObject({ canReinstate: true, pendingRefundPence: 0 });
      const res = await post(policyId, { cover: 'BACKDATED', reason: 'Cancelled by mistake' });
      expect(res.statusCode, res.body).toBe(200);
      // The refund paid out comes back: the customer owes it with the next payment.
      expect(await getSettledBalance(suite.app.db, account.accountId)).toBe(
        view.options[0]!.premiumPence,
      );
      await assertLedgerBalanced(suite.app.db);
    });
  });

  describe('refusals (nothing changed)', () => {
    it('a policy that is not cancelled', async () => {
      const { policyId } = await createBoundPolicy(suite.app, await suite.customer('rein-active'));
      const message = await expectRefused(policyId, 'NOT_CANCELLED');
      expect(message).toBe('Only a cancelled policy can be reinstated: this one is ACTIVE.');
    });

    it('a cancellation underwriting forced (a refused change)', async () => {
      const { policyId } = await createBoundPolicy(
        suite.app,
        await suite.customer('rein-referral'),
      );
      clock.advance(DAY);
      await cancelByCustomer('rein-referral', policyId);
      await suite.app.db
        .update(policyAdjustments)
        .set({ reason: 'Referral' })
        .where(eq(policyAdjustments.policyId, policyId));
      await expectRefused(policyId, 'REASON_NOT_REINSTATABLE');
    });

    it('a driveaway policy', async () => {
      const { policyId } = await createBoundPolicy(
        suite.app,
        await suite.customer('rein-driveaway'),
        {
          schemeCode: 'bmw-driveaway',
        },
      );
      clock.advance(DAY);
      await cancelByCustomer('rein-driveaway', policyId);
      const message = await expectRefused(policyId, 'PRODUCT_NOT_REINSTATABLE');
      expect(message).toContain('never reinstated');
    });

    it('a later policy of the customer overlapping', async () => {
      const { policyId } = await createBoundPolicy(suite.app, await suite.customer('rein-later'));
      clock.advance(DAY);
      await cancelByCustomer('rein-later', policyId);
      const later = await createBoundPolicy(suite.app, await suite.customer('rein-later'));
      const message = await expectRefused(policyId, 'LATER_POLICY');
      expect(message).toContain((await findPolicy(suite.app.db, later.policyId))!.policyNumber);
    });

    it('outside the product’s window', async () => {
      const { policyId } = await createBoundPolicy(suite.app, await suite.customer('rein-late'));
      clock.advance(DAY);
      await cancelByCustomer('rein-late', policyId);
      clock.advance(31 * DAY);
      const message = await expectRefused(policyId, 'OUTSIDE_WINDOW');
      expect(message).toMatch(/^The 30 days to reinstate ended on /);
      const [row] = await suite.app.db
        .select()
        .from(policies)
        .where(eq(policies.policyId, policyId));
      expect(row!.status).toBe('CANCELLED');
    });
  });
});
